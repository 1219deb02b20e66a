import type { ReadingEntry } from '../japanese/dictionary';
import { espeakProvider } from '../tts/espeak';
import { parseDialogue } from '../tts/hosts';
import { clampSpeakingRate, type PcmAudio, type TtsProvider } from '../tts/types';
import { normalizeToLufs } from './lufs';

/** When each line of the script is spoken, in milliseconds from the start of the track. */
export interface LineTiming {
  speaker: string;
  text: string;
  startMs: number;
  endMs: number;
}

/** Pauses at speaking rate 1 (seconds): before the first line, between two speakers, within a speaker's turn, after the last. */
const PAUSES = { lead: 0.3, turn: 0.42, same: 0.28, tail: 0.6 } as const;
/** Below this level (-45 dBFS) a sample counts as silence when the edges of a line are trimmed. */
const SILENCE = Math.round(32767 * 10 ** (-45 / 20));

/** The line without the silence the voice leaves before and after it (10 ms kept on each side). */
export function trimSilence(samples: Int16Array, sampleRate: number): Int16Array {
  let start = 0;
  let end = samples.length;
  while (start < end && Math.abs(samples[start]) < SILENCE) start++;
  while (end > start && Math.abs(samples[end - 1]) < SILENCE) end--;
  const keep = Math.round(sampleRate * 0.01);
  return samples.subarray(Math.max(0, start - keep), Math.min(samples.length, end + keep));
}

/**
 * A two-host script spoken line by line, each host in their own voice, joined with natural pauses
 * (longer when the speaker changes), brought to -16 LUFS. Answers the audio and when each line starts
 * and ends, for the transcript that follows playback.
 */
export async function speakDialogue(
  script: string,
  opts: { speakingRate?: number; tts?: TtsProvider; readings?: ReadingEntry[] } = {},
): Promise<{ pcm: PcmAudio; lines: LineTiming[] }> {
  const tts: TtsProvider = opts.tts ?? espeakProvider();
  const readings = opts.readings ?? [];
  // A voice with a dictionary of its own (VOICEVOX) is given the entries once, before the first line.
  if (readings.length) await tts.registerReadings?.(readings);
  const rate = clampSpeakingRate(opts.speakingRate);
  const lines = parseDialogue(script);
  const parts: Int16Array[] = [];
  const timings: LineTiming[] = [];
  let sampleRate = 22_050;
  let at = 0;
  const silence = (seconds: number) => {
    const n = Math.round((seconds / rate) * sampleRate);
    parts.push(new Int16Array(n));
    at += n;
  };
  for (const [i, line] of lines.entries()) {
    const speech = await tts.synthesize({
      text: line.text,
      speakingRate: clampSpeakingRate(rate * line.voice.pace),
      voice: line.voice.voice,
      host: line.host,
      pitch: line.voice.pitch,
      range: line.voice.range,
      readings,
    });
    sampleRate = speech.sampleRate;
    if (i === 0) silence(PAUSES.lead);
    else silence(lines[i - 1].speaker === line.speaker ? PAUSES.same : PAUSES.turn);
    const voiced = trimSilence(speech.samples, sampleRate);
    const startMs = Math.round((at / sampleRate) * 1000);
    parts.push(voiced);
    at += voiced.length;
    timings.push({ speaker: line.speaker, text: line.text, startMs, endMs: Math.round((at / sampleRate) * 1000) });
  }
  if (lines.length) silence(PAUSES.tail);
  const joined = new Int16Array(at);
  let offset = 0;
  for (const p of parts) {
    joined.set(p, offset);
    offset += p.length;
  }
  return { pcm: normalizeToLufs({ samples: joined, sampleRate }), lines: timings };
}
