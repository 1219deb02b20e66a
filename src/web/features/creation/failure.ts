import { CREATION_TEXT } from '@shared/messages/creation';
import { CREATION_LIMIT_REASONS, CREATION_MESSAGES } from '@shared/rules/creation';
import { ApiError } from '@web/lib/api';
import { serverField, serverMessage } from '@web/lib/server-message';

/** The creation calls whose failures the page tells (creator spec §8). */
export type CreationCall = 'script' | 'preview' | 'publish';

const FALLBACK: Record<CreationCall, string> = {
  script: CREATION_TEXT.errors.scriptFailed,
  preview: CREATION_TEXT.errors.previewFailed,
  publish: CREATION_TEXT.errors.publishFailed,
};
/** Mugen's own daily limit as each call tells it: 本日の利用上限 for a script, 投稿制限 for a preview or publish. */
const LIMIT: Record<CreationCall, string> = {
  script: CREATION_TEXT.errors.dailyLimit,
  preview: CREATION_TEXT.errors.postingLimit,
  publish: CREATION_TEXT.errors.postingLimit,
};

/**
 * The toast of a failed creation call (creator spec §8, C-8-11 to C-8-17), decided by the status and
 * the answer's stable `reason`, never by the wording: 401 ログインが必要です; 429 the AI service's limit
 * or the call's daily-limit message; 400 the server's Japanese message; anything else the call's error.
 */
export function creationFailure(err: unknown, call: CreationCall): { title: string; description?: string } {
  if (err instanceof ApiError) {
    if (err.status === 401) return { title: CREATION_TEXT.errors.loginRequired };
    if (err.status === 429) {
      const reason = serverField(err, 'reason');
      if (reason === CREATION_LIMIT_REASONS.aiServiceLimit) return { title: CREATION_TEXT.errors.ttsQuota };
      if (reason === CREATION_LIMIT_REASONS.dailyLimit) return { title: CREATION_TEXT.errors.dailyLimit };
      // The script writer's own bounds (#24.7): the day's (its count named by the server) and the minute's.
      if (reason === CREATION_LIMIT_REASONS.scriptDailyLimit)
        return { title: CREATION_TEXT.errors.dailyLimit, description: serverMessage(err) ?? undefined };
      if (reason === CREATION_LIMIT_REASONS.scriptMinuteLimit) return { title: CREATION_MESSAGES.scriptMinuteLimit };
      return { title: LIMIT[call] };
    }
    if (err.status === 400) {
      const message = serverMessage(err);
      if (message) return { title: message };
    }
  }
  return call === 'publish'
    ? { title: FALLBACK.publish, description: CREATION_TEXT.errors.publishFailedDetail }
    : { title: FALLBACK[call] };
}
