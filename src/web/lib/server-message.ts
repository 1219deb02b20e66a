import { ApiError } from './api';

/**
 * The Japanese message a failed call carries: the answer's `message` (or upload `error`) field, or null
 * when the answer has none (the raw "status: text" is not for people).
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.message.replace(/^\d{3}: /, '');
  try {
    const data = JSON.parse(body) as { message?: unknown; error?: unknown };
    if (typeof data.message === 'string' && data.message) return data.message;
    if (typeof data.error === 'string' && data.error) return data.error;
  } catch {
    // not JSON
  }
  return null;
}
