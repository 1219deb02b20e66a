// The fallback offline voice (decision 0041), where Open JTalk is not installed: eSpeak NG compiled to
// WASM, GPL-3.0-or-later, compatible with the project's AGPL. Its package (and the 24 MB voice data it
// reads) is imported on the first synthesis, so a process where Open JTalk speaks never loads it.
import type { ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten';
import { loadTokenizer, toKana } from '../japanese/index';
import { clampSpeakingRate, type PcmAudio, type SpeechRequest, type TtsProvider } from './types';

export const ESPEAK_SAMPLE_RATE = 22_050;
/** eSpeak's default pace in words per minute, which we call speaking rate 1. */
const BASE_WPM = 175;
/** Longest text handed to eSpeak in one call; long scripts go in chunks of whole sentences. */
const MAX_CHUNK_CHARS = 400;
/** Pauses eSpeak itself makes at rate 1 (measured); we add them where we split the text. */
const PAUSE_SECONDS: Record<string, number> = { '。': 0.45, '！': 0.5, '？': 0.45, '、': 0.3 };

export interface SpeechSegment {
  text: string;
  lang: 'ja' | 'en';
  /** Silence to append, in seconds at speaking rate 1. */
  pauseAfter: number;
}

/**
 * Splits the kana from kana.ts into what one eSpeak call reads: sentences (grouped up to
 * MAX_CHUNK_CHARS), with Latin words given to the English voice, which reads "YouTube" as a word
 * where the Japanese voice spells it out letter by letter.
 */
export function planSegments(kana: string): SpeechSegment[] {
  const segments: SpeechSegment[] = [];
  const runs = kana.match(/[A-Za-z][A-Za-z' ]*[A-Za-z]|[A-Za-z]|[^A-Za-z]+/g) ?? [];
  for (const run of runs) {
    if (/^[A-Za-z]/.test(run)) {
      segments.push({ text: run, lang: 'en', pauseAfter: 0 });
      continue;
    }
    for (const piece of splitJapanese(run)) {
      const text = piece.trim();
      if (!/[\u30A1-\u30FA]/.test(text)) {
        // Punctuation alone (a 、 between two English words): keep only its pause.
        const last = segments.at(-1);
        const pause = PAUSE_SECONDS[text.at(-1) ?? ''] ?? 0;
        if (last) last.pauseAfter = Math.max(last.pauseAfter, pause);
        continue;
      }
      const lead = PAUSE_SECONDS[text.charAt(0)];
      const last = segments.at(-1);
      if (lead && last) last.pauseAfter = Math.max(last.pauseAfter, lead);
      segments.push({ text: text.replace(/^[。、！？ ]+/, ''), lang: 'ja', pauseAfter: PAUSE_SECONDS[text.at(-1) ?? ''] ?? 0 });
    }
  }
  if (segments.length) segments[segments.length - 1].pauseAfter = 0;
  return segments;
}

function splitJapanese(run: string): string[] {
  const sentences = run.match(/[^。！？]+[。！？]*|[。！？]+/g) ?? [];
  const chunks: string[] = [];
  let current = '';
  for (const sentence of sentences.flatMap(splitLong)) {
    if (current && current.length + sentence.length > MAX_CHUNK_CHARS) {
      chunks.push(current);
      current = '';
    }
    current += sentence;
  }
  if (current) chunks.push(current);
  return chunks;
}

/** A sentence longer than a chunk is cut after a comma, or failing that at the chunk length. */
function splitLong(sentence: string): string[] {
  if (sentence.length <= MAX_CHUNK_CHARS) return [sentence];
  const parts: string[] = [];
  let rest = sentence;
  while (rest.length > MAX_CHUNK_CHARS) {
    const comma = rest.lastIndexOf('、', MAX_CHUNK_CHARS - 1);
    const cut = comma > 0 ? comma + 1 : MAX_CHUNK_CHARS;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) parts.push(rest);
  return parts;
}

/** "ja+f3" → the English counterpart "en+f3", so a voice variant carries over to English words. */
function englishVoice(voice: string): string {
  const plus = voice.indexOf('+');
  return plus < 0 ? 'en' : `en${voice.slice(plus)}`;
}

export class EspeakTtsProvider implements TtsProvider {
  readonly name = 'espeak';
  private engine: Promise<ESpeakNGWorker> | undefined;

  /** Loads the 24 MB voice data once; every synthesis reuses this one instance. */
  private load(): Promise<ESpeakNGWorker> {
    this.engine ??= import('@echogarden/espeak-ng-emscripten')
      .then(({ default: createEspeakModule }) => createEspeakModule())
      .then((module) => new module.eSpeakNGWorker())
      .catch((err: unknown) => {
        this.engine = undefined;
        throw err;
      });
    return this.engine;
  }

  /** Loads the engine and the kana dictionary ahead of the first request (about 1.5 s together). */
  async warmUp(): Promise<void> {
    await Promise.all([this.load(), loadTokenizer()]);
  }

  async synthesize(req: SpeechRequest): Promise<PcmAudio> {
    const [engine, kana] = await Promise.all([this.load(), toKana(req.text, req.readings)]);
    return this.synthesizeKana(engine, kana, req);
  }

  /** Synchronous from here on: concurrent requests cannot interleave voice or rate changes. */
  private synthesizeKana(engine: ESpeakNGWorker, kana: string, req: SpeechRequest): PcmAudio {
    const rate = clampSpeakingRate(req.speakingRate);
    const voice = req.voice ?? 'ja';
    const voices = { ja: voice, en: englishVoice(voice) };
    const parts: Int16Array[] = [];
    let current = '';
    for (const segment of planSegments(kana)) {
      if (voices[segment.lang] !== current) {
        current = voices[segment.lang];
        if (engine.set_voice(current) !== 0) throw new Error(`eSpeak has no voice "${current}"`);
      }
      engine.rate = Math.round(BASE_WPM * rate);
      // set_voice resets pitch and range to the voice's own; a host's are set after it.
      engine.pitch = req.pitch ?? 50;
      engine.range = req.range ?? 50;
      engine.synthesize(segment.text, (samples) => {
        if (samples?.length) parts.push(samples);
        return false;
      });
      const pause = Math.round((segment.pauseAfter / rate) * ESPEAK_SAMPLE_RATE);
      if (pause > 0) parts.push(new Int16Array(pause));
    }
    return { samples: concat(parts), sampleRate: ESPEAK_SAMPLE_RATE };
  }

  async close(): Promise<void> {
    const engine = this.engine;
    this.engine = undefined;
    if (engine) (await engine).__destroy__();
  }
}

function concat(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

let shared: EspeakTtsProvider | undefined;

/** The process-wide instance (one per worker thread). */
export function espeakProvider(): EspeakTtsProvider {
  shared ??= new EspeakTtsProvider();
  return shared;
}
