import { type GeminiSettings, geminiLlm } from './gemini';
import { offlineLlm } from './offline';
import { type OpenAiSettings, openAiLlm } from './openai';
import type { LlmProvider } from './types';

/** The script writer LLM_PROVIDER names, as plain data (offline by default). */
export type LlmSettings = { provider: 'offline' } | OpenAiSettings | GeminiSettings;

export function createLlm(settings: LlmSettings): LlmProvider {
  switch (settings.provider) {
    case 'offline':
      return offlineLlm();
    case 'openai':
      return openAiLlm(settings);
    case 'gemini':
      return geminiLlm(settings);
  }
}
