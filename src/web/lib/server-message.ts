import { ApiError } from './api';
import { asRecord, readJson } from './json';

/** The JSON answer of a failed call, or null (not an API failure, or an answer that is not JSON). */
function answerOf(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof ApiError)) return null;
  return readJson(error.message.replace(/^\d{3}: /, ''), asRecord); // null: not JSON, or not an object
}

/**
 * The Japanese message a failed call carries: the answer's `message` (or upload `error`) field, or null
 * when the answer has none (the raw "status: text" is not for people).
 */
export function serverMessage(error: unknown): string | null {
  const data = answerOf(error);
  if (typeof data?.message === 'string' && data.message) return data.message;
  if (typeof data?.error === 'string' && data.error) return data.error;
  return null;
}

/**
 * A stable field a failed call's answer carries beside its message, such as the `reason` of a creation
 * call's 429: what a page decides by, instead of reading the message's wording. Null when absent.
 */
export function serverField(error: unknown, field: string): string | null {
  const value = answerOf(error)?.[field];
  return typeof value === 'string' && value ? value : null;
}
