import { espeakProvider } from '../tts/espeak';
import type { TtsProvider } from '../tts/types';
import { normalizeLoudness } from './loudness';
import { encodeMp3 } from './mp3';
import { mp3Duration } from './mp3-duration';

export interface RenderOptions {
  speakingRate?: number;
  voice?: string;
  kbps?: number;
  /** Defaults to the offline eSpeak provider, which reads kanji through kana.ts. */
  tts?: TtsProvider;
}

export interface RenderedSpeech {
  mp3: Buffer;
  /** Seconds, measured on the encoded MP3 (what a player will show), not on the PCM. */
  duration: number;
}

/** Text → speech → level → MP3. CPU-bound for seconds on long scripts: call it through render-pool.ts. */
export async function renderSpeechToMp3(text: string, opts: RenderOptions = {}): Promise<RenderedSpeech> {
  const tts = opts.tts ?? espeakProvider();
  const pcm = await tts.synthesize({ text, speakingRate: opts.speakingRate, voice: opts.voice });
  const mp3 = encodeMp3(normalizeLoudness(pcm), { kbps: opts.kbps });
  return { mp3, duration: mp3Duration(mp3) };
}
