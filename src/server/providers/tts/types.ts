import type { HostName } from '../../../shared/constants';
import type { ReadingEntry } from '../japanese/dictionary';

export interface SpeechRequest {
  text: string;
  /** 0.5 to 2.0; 1 is the voice's natural pace. */
  speakingRate?: number;
  /** Provider-specific voice name; each provider has a Japanese default. */
  voice?: string;
  /** Which of the two hosts speaks: providers with their own voices (VOICEVOX speakers) choose by it. */
  host?: HostName;
  /** Pitch and pitch range on a 0-100 scale (50: the voice's own), where the provider can set them. */
  pitch?: number;
  range?: number;
  /**
   * The operator's reading dictionary (issue 25.3): the offline voice reads its words as written there,
   * the cloud voices are sent its katakana in their place; VOICEVOX takes it through registerReadings.
   */
  readings?: readonly ReadingEntry[];
}

/** Mono 16-bit PCM. */
export interface PcmAudio {
  samples: Int16Array;
  sampleRate: number;
  /** The text as the voice spoke it, in katakana, where the voice tells (Open JTalk). */
  reading?: string;
}

/** One turn of a two-host dialogue, for a voice that speaks the whole exchange itself. */
export interface DialogueTurn {
  host: HostName;
  text: string;
}

/** A dialogue spoken in one stream: the audio and where each turn is in it (in samples, end exclusive). */
export interface SpokenTurns {
  pcm: PcmAudio;
  turns: { start: number; end: number }[];
}

export interface TtsProvider {
  readonly name: string;
  synthesize(req: SpeechRequest): Promise<PcmAudio>;
  /**
   * A voice that takes turns itself (Gemini's two-speaker voice) speaks the whole dialogue at this rate,
   * finding each turn in its own audio; without it the dialogue is spoken line by line.
   */
  speakTurns?(req: { turns: DialogueTurn[]; speakingRate: number; readings?: readonly ReadingEntry[] }): Promise<SpokenTurns>;
  /**
   * The credit the voices' terms require wherever their audio is published (VOICEVOX:
   * 「VOICEVOX:四国めたん」), for the speakers configured; null when none is required.
   */
  credit?(): Promise<string | null>;
  /** A voice with a user dictionary of its own (VOICEVOX) registers these entries in it before speaking. */
  registerReadings?(entries: readonly ReadingEntry[]): Promise<void>;
  close?(): Promise<void>;
}

export const MIN_SPEAKING_RATE = 0.5;
export const MAX_SPEAKING_RATE = 2;

export function clampSpeakingRate(rate: number | undefined): number {
  if (rate === undefined || !Number.isFinite(rate)) return 1;
  return Math.min(MAX_SPEAKING_RATE, Math.max(MIN_SPEAKING_RATE, rate));
}
