import type { EspeakTtsProvider } from './espeak';
import { type GeminiTtsSettings, geminiTts } from './gemini';
import { type GoogleTtsSettings, googleTts } from './google';
import { type OpenAiTtsSettings, openAiTts } from './openai';
import { findOpenJtalk, openJtalkProvider } from './openjtalk';
import type { PcmAudio, SpeechRequest, TtsProvider } from './types';
import { type VoicevoxSettings, voicevoxTts } from './voicevox';

/** The voice TTS_PROVIDER names, as plain data: it crosses into the render worker thread. */
export type TtsSettings = { provider: 'offline' } | VoicevoxSettings | GoogleTtsSettings | OpenAiTtsSettings | GeminiTtsSettings;

const made = new Map<string, TtsProvider>();

function make(settings: Exclude<TtsSettings, { provider: 'offline' }>): TtsProvider {
  switch (settings.provider) {
    case 'voicevox':
      return voicevoxTts(settings);
    case 'google':
      return googleTts(settings);
    case 'openai':
      return openAiTts(settings);
    case 'gemini':
      return geminiTts(settings);
  }
}

/**
 * eSpeak NG, the fallback, behind a provider that imports it on first use: where Open JTalk speaks, its
 * WASM and kuromoji's dictionary are never loaded into the render helper.
 */
class LazyEspeak implements TtsProvider {
  readonly name = 'espeak';
  private engine: Promise<EspeakTtsProvider> | undefined;
  private load() {
    this.engine ??= import('./espeak').then((m) => m.espeakProvider());
    return this.engine;
  }
  async synthesize(req: SpeechRequest): Promise<PcmAudio> {
    return (await this.load()).synthesize(req);
  }
  async warmUp(): Promise<void> {
    await (await this.load()).warmUp();
  }
  async close(): Promise<void> {
    if (this.engine) await (await this.engine).close();
  }
}

let espeak: LazyEspeak | undefined;

/** Which offline voice speaks here, and why eSpeak NG when it is the one (for the start-up line and /health). */
export function offlineVoice(): { name: 'open-jtalk' | 'espeak'; why: string | null } {
  const found = findOpenJtalk();
  return 'files' in found ? { name: 'open-jtalk', why: null } : { name: 'espeak', why: `Open JTalk is not installed (${found.missing})` };
}

/** The offline voice (decision 0041): Open JTalk where it is installed, else eSpeak NG. */
export function offlineTts(): TtsProvider {
  const found = openJtalkProvider();
  if ('tts' in found) return found.tts;
  espeak ??= new LazyEspeak();
  return espeak;
}

/**
 * Loads eSpeak NG's engine and kana dictionary ahead of the first request where it is the offline voice
 * (about 1.5 s); Open JTalk has nothing to load (each line is a process of its own).
 */
export async function warmOfflineVoice(): Promise<void> {
  const tts = offlineTts();
  if (tts instanceof LazyEspeak) await tts.warmUp();
}

/** The provider for these settings (one per settings, reused). */
export function createTts(settings: TtsSettings): TtsProvider {
  if (settings.provider === 'offline') return offlineTts();
  const key = JSON.stringify(settings);
  let tts = made.get(key);
  if (!tts) {
    tts = make(settings);
    made.set(key, tts);
  }
  return tts;
}
