import { espeakProvider } from './espeak';
import { type GoogleTtsSettings, googleTts } from './google';
import { type OpenAiTtsSettings, openAiTts } from './openai';
import type { TtsProvider } from './types';
import { type VoicevoxSettings, voicevoxTts } from './voicevox';

/** The voice TTS_PROVIDER names, as plain data: it crosses into the render worker thread. */
export type TtsSettings = { provider: 'offline' } | VoicevoxSettings | GoogleTtsSettings | OpenAiTtsSettings;

const made = new Map<string, TtsProvider>();

function make(settings: Exclude<TtsSettings, { provider: 'offline' }>): TtsProvider {
  switch (settings.provider) {
    case 'voicevox':
      return voicevoxTts(settings);
    case 'google':
      return googleTts(settings);
    case 'openai':
      return openAiTts(settings);
  }
}

/** The provider for these settings (one per settings, reused). */
export function createTts(settings: TtsSettings): TtsProvider {
  if (settings.provider === 'offline') return espeakProvider();
  const key = JSON.stringify(settings);
  let tts = made.get(key);
  if (!tts) {
    tts = make(settings);
    made.set(key, tts);
  }
  return tts;
}
