import type { LlmProvider } from './types';

/**
 * The offline provider: no model at all. The features write with the offline writer instead (the
 * script: features/creation/offline-script.ts, the segue: features/radio/offline-segue.ts) and the console says a video cannot be watched.
 */
export function offlineLlm(): LlmProvider {
  return { name: 'offline' };
}
