import { renderDialogueInWorker, warmRenderProcess } from '../../providers/audio/render-process';
import { ProviderError } from '../../providers/errors';
import type { ReadingEntry } from '../../providers/japanese/dictionary';
import type { TtsSettings } from '../../providers/tts/index';

/**
 * Speech for a script: MP3 bytes and their exact duration in seconds; `warm` starts what speaks it ahead
 * of time (the render helper), when there is something to start.
 */
export type CreationVoice = ((script: string, speakingRate: number) => Promise<{ mp3: Buffer; duration: number }>) & { warm?: () => void };

/**
 * The two hosts in the voice TTS_PROVIDER names (Open JTalk offline, or VOICEVOX), rendered in the
 * render helper (off the event loop): synthesis, -16 LUFS, MP3 encoding. A member waits for it (a preview,
 * the hosts' answer), so it goes before the tasks' queued renders. With `lineCache`, a preview of an
 * edited script speaks only the lines that changed (issue 37.4).
 */
export const voiceFor = (tts: TtsSettings, readings: () => Promise<ReadingEntry[]> = async () => [], lineCache?: string): CreationVoice =>
  Object.assign(
    async (script: string, speakingRate: number) =>
      renderDialogueInWorker(script, { speakingRate, tts, readings: await readings(), lineCache, lane: 'interactive' }),
    { warm: warmRenderProcess },
  );

/** The offline voice. */
export const offlineVoice: CreationVoice = voiceFor({ provider: 'offline' });

/**
 * Whether a provider failure is the AI voice service's quota or rate limit (HTTP 429 or a quota
 * error of the provider), which the member is told as such.
 */
export function isQuotaError(err: unknown): boolean {
  if (err instanceof ProviderError) return err.kind === 'quota';
  const e = err as { status?: number; statusCode?: number; name?: string; code?: string };
  return e?.status === 429 || e?.statusCode === 429 || e?.name === 'ProviderQuotaError' || e?.code === 'quota';
}
