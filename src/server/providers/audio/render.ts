import { offlineTts } from '../tts/index';
import type { TtsProvider } from '../tts/types';
import { type DialogueOptions, type LineTiming, speakDialogue } from './dialogue';
import { normalizeLoudness } from './loudness';
import { DEFAULT_MP3_KBPS, encodeMp3 } from './mp3';
import { mp3Duration } from './mp3-duration';

export interface RenderOptions {
  speakingRate?: number;
  voice?: string;
  kbps?: number;
  /** Defaults to the offline voice: Open JTalk where installed, else eSpeak NG (tts/index.ts offlineTts). */
  tts?: TtsProvider;
}

export interface RenderedSpeech {
  mp3: Buffer;
  /** Seconds, measured on the encoded MP3 (what a player will show), not on the PCM. */
  duration: number;
}

/** Text → speech → level → MP3. CPU-bound for seconds on long scripts: call it through render-process.ts. */
export async function renderSpeechToMp3(text: string, opts: RenderOptions = {}): Promise<RenderedSpeech> {
  const tts = opts.tts ?? offlineTts();
  const pcm = await tts.synthesize({ text, speakingRate: opts.speakingRate, voice: opts.voice });
  const mp3 = encodeMp3(normalizeLoudness(pcm), { kbps: opts.kbps });
  return { mp3, duration: mp3Duration(mp3) };
}

export interface RenderedDialogue extends RenderedSpeech {
  /** The 128 kbit/s variant premium members stream. */
  mp3Hq: Buffer;
  lines: LineTiming[];
  /** The voice provider that spoke it (open-jtalk, offline for eSpeak NG, voicevox, google, openai). */
  voicedBy?: string;
  /** The credit its voices' terms require wherever it is published (VOICEVOX:四国めたん, Open JTalk's voice), or null. */
  voiceCredit?: string | null;
}

/**
 * A two-host script → each host's voice, natural pauses, -16 LUFS → MP3 at 64 kbit/s and a
 * 128 kbit/s variant, with the start and end of each line. CPU-bound: call it through render-process.ts.
 */
export async function renderDialogueToMp3(script: string, opts: DialogueOptions = {}): Promise<RenderedDialogue> {
  const { pcm, lines } = await speakDialogue(script, opts);
  const mp3 = encodeMp3(pcm, { kbps: DEFAULT_MP3_KBPS });
  const mp3Hq = encodeMp3(pcm, { kbps: 128 });
  const tts: TtsProvider = opts.tts ?? offlineTts();
  const voiceCredit = tts.credit ? await tts.credit() : null;
  return { mp3, mp3Hq, duration: mp3Duration(mp3), lines, voicedBy: tts.name === 'espeak' ? 'offline' : tts.name, voiceCredit };
}
