import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { ApiError } from '@web/lib/api';
import { asRecord, readJson } from '@web/lib/json';
import { toast } from '@web/lib/toast';

/** The Japanese `message` (or `error`) field of a failed call's answer, if it has one. */
export function answerMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  // not JSON, or not an object: no message for people
  const data = readJson(error.message.replace(/^\d{3}: /, ''), asRecord);
  if (typeof data?.error === 'string' && data.error) return data.error;
  if (typeof data?.message === 'string' && data.message) return data.message;
  return null;
}

/**
 * A playlist failure as the spec shows it: a destructive toast titled エラー with the spec's sentence,
 * and the server's reason after it when the answer carries one (listener spec §8).
 */
export function playlistErrorToast(base: string, error: unknown) {
  const reason = answerMessage(error);
  toast({
    title: PLAYLISTS_TEXT.playlistErrorToast.title,
    description: reason && reason !== base ? `${base}（${reason}）` : base,
    variant: 'destructive',
  });
}
