import { Mp3Encoder } from '@breezystack/lamejs';
import type { PcmAudio } from '../tts/types';

export const DEFAULT_MP3_KBPS = 64;
const LAME_SAMPLE_RATES = new Set([8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000]);
/** A multiple of both frame sizes (576 and 1152 samples), so no frame is split across calls. */
const BLOCK_SAMPLES = 1152 * 16;

/** Mono MP3 (CBR, 64 kbit/s unless told) with LAME (LGPL-3.0) compiled to JavaScript. */
export function encodeMp3(pcm: PcmAudio, opts: { kbps?: number } = {}): Buffer {
  const kbps = opts.kbps ?? DEFAULT_MP3_KBPS;
  if (!LAME_SAMPLE_RATES.has(pcm.sampleRate)) throw new Error(`MP3 cannot carry ${pcm.sampleRate} Hz audio`);
  const encoder = new Mp3Encoder(1, pcm.sampleRate, kbps);
  const parts: Buffer[] = [];
  const push = (bytes: Uint8Array) => {
    if (bytes.length) parts.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
  };
  for (let i = 0; i < pcm.samples.length; i += BLOCK_SAMPLES) push(encoder.encodeBuffer(pcm.samples.subarray(i, i + BLOCK_SAMPLES)));
  push(encoder.flush());
  // Buffer.concat copies: lamejs reuses its output arrays between calls.
  return Buffer.concat(parts);
}
