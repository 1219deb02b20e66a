import { CREATION_LIMIT_REASONS, CREATION_MESSAGES, type ScriptShape } from '../../../shared/rules/creation';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { countProviderError } from '../../http/metrics';
import { ProviderError } from '../../providers/errors';
import type { JapaneseEngine } from '../../providers/japanese/types';
import type { LlmProvider } from '../../providers/llm/types';
import type { StorageProvider } from '../../providers/storage/types';
import { rememberCheck } from './claims';
import { postingStatus, refundDailyUse, takeDailyUse, takeScriptCall } from './limits';
import { savePreview } from './previews';
import { rewriteScript, writeScript } from './script-writer';
import { type CreationVoice, isQuotaError } from './voice';

/**
 * POST /api/generate-script: the member's text becomes a two-host script with its fact check and
 * labels. It spends no daily use, but a member with none left today hears so before waiting for a
 * script; it takes one of the script writer's calls (per day and per minute, #24.7).
 */
export async function generateScript(
  db: Db,
  llm: LlmProvider,
  japanese: JapaneseEngine,
  user: UserRow,
  input: { inputText: string; title: string } & Partial<ScriptShape>,
) {
  if ((await postingStatus(db, user)).remaining <= 0)
    throw new AppError(429, CREATION_MESSAGES.dailyLimit, { reason: CREATION_LIMIT_REASONS.dailyLimit });
  await takeScriptCall(db, user);
  try {
    const draft = await writeScript(llm, japanese, {
      inputText: input.inputText,
      title: input.title,
      format: input.format,
      length: input.length,
    });
    await rememberCheck(db, user.id, draft.script, draft.factCheck.claims);
    return { ...draft, inputText: input.inputText };
  } catch (err) {
    throw scriptFailure(err);
  }
}

/** A script writer's failure as the member hears it: a quota as the AI service's limit, else the script error. */
function scriptFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ProviderError) {
    countProviderError(err.provider, err.kind);
    if (err.kind === 'quota') return new AppError(429, CREATION_MESSAGES.ttsQuota, { reason: CREATION_LIMIT_REASONS.aiServiceLimit });
  }
  return new AppError(503, CREATION_MESSAGES.scriptFailed);
}

/** POST /api/regenerate-script: the script rewritten to address the fact check's issues (one of the script writer's calls, #24.7; its check kept for publishing). */
export async function regenerateScript(
  db: Db,
  llm: LlmProvider,
  japanese: JapaneseEngine,
  user: UserRow,
  input: { inputText: string; originalScript: string; issues: string[] } & Partial<ScriptShape>,
) {
  await takeScriptCall(db, user);
  try {
    const rewritten = await rewriteScript(llm, japanese, input);
    await rememberCheck(db, user.id, rewritten.script, rewritten.factCheck.claims);
    return rewritten;
  } catch (err) {
    throw scriptFailure(err);
  }
}

/** The URL a member's preview is played from (only its owner may read it). */
export const previewUrl = (filename: string) => `/api/previews/${filename}`;

/**
 * POST /api/generate-audio-preview: one daily use is spent when a preview is made; if the voice
 * fails, the use is given back and nothing is kept (a quota of the voice service says so).
 */
export async function generatePreview(
  db: Db,
  storage: StorageProvider,
  voice: CreationVoice,
  user: UserRow,
  input: { script: string; title: string; speakingRate: number },
  now = new Date(),
) {
  const use = await takeDailyUse(db, user, now);
  let audio: { mp3: Buffer; duration: number };
  try {
    audio = await voice(input.script, input.speakingRate);
  } catch (err) {
    await refundDailyUse(db, user.id, use.day);
    if (err instanceof ProviderError) countProviderError(err.provider, err.kind);
    if (isQuotaError(err)) throw new AppError(429, CREATION_MESSAGES.ttsQuota, { reason: CREATION_LIMIT_REASONS.aiServiceLimit });
    throw new AppError(503, CREATION_MESSAGES.previewFailed);
  }
  try {
    const row = await savePreview(
      db,
      storage,
      {
        userId: user.id,
        title: input.title,
        script: input.script,
        duration: audio.duration,
        speakingRate: input.speakingRate,
        mp3: audio.mp3,
      },
      now,
    );
    return {
      previewUrl: previewUrl(row.filename),
      duration: Math.round(audio.duration * 100) / 100,
      script: input.script,
      title: input.title,
      previewFilename: row.filename,
      currentCount: use.count,
      dailyLimit: use.limit,
    };
  } catch (err) {
    await refundDailyUse(db, user.id, use.day);
    throw err;
  }
}
