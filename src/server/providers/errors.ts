import { z } from 'zod';
/**
 * How an AI provider call failed, one way for every provider (issue 15): the creation maps `quota` to
 * 429 「AI音声生成サービスの制限」 and the rest to its own failure message, gives the daily use back, and
 * counts it for /metrics (in the main thread: a voice runs in the render worker, which only reports).
 */
export type ProviderErrorKind = 'quota' | 'timeout' | 'malformed' | 'unavailable' | 'rejected' | 'config';
// rejected: the provider refused this input (400 INVALID_ARGUMENT, 413, 422): not a rate limit, and
// the same input fails again. config: the key or the model is wrong (401, 403, 404 NOT_FOUND): the
// operator's setting, named in the message.

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly provider: string,
    readonly kind: ProviderErrorKind,
    message: string,
    answer?: { status: number; body: string },
  ) {
    super(`${provider}: ${message}`);
    // Not enumerable: a logged error (pino's serializer) carries no body, which may echo part of a key.
    Object.defineProperty(this, 'answer', { value: answer, enumerable: false });
  }
  /** The refusal as the API answered it (status and body), for a caller that learns from it; never logged. */
  declare readonly answer?: { status: number; body: string };
}

export function providerError(provider: string, kind: ProviderErrorKind, message: string, answer?: ProviderError['answer']): ProviderError {
  return new ProviderError(provider, kind, message, answer);
}

/**
 * A provider's answer body read through a schema (issue 38.4): the value, or null when the body is not
 * JSON or not that shape (an HTML error page, another API's body). Never throws.
 */
export function readBodyAs<S extends z.ZodType>(body: string, schema: S): z.output<S> | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const GoogleError = z.object({ error: z.object({ status: z.string() }) });

/** The status word of a Google-style error body (`{"error":{"code":400,"status":"INVALID_ARGUMENT"}}`), if any. */
const googleStatus = (body: string): string | null => readBodyAs(body, GoogleError)?.error.status ?? null;

/**
 * The kind of a provider's HTTP refusal: 429 (or a RESOURCE_EXHAUSTED / insufficient_quota body) is
 * the quota; 400, 413 and 422 a refusal of this input (Google's 400 says "This limit is different from
 * quotas": a body mentioning quotas is not a rate limit); 401, 403 and 404 the operator's settings;
 * anything else unavailable.
 */
export function kindOfStatus(status: number, body: string): ProviderErrorKind {
  const word = googleStatus(body);
  if (status === 429 || word === 'RESOURCE_EXHAUSTED' || /"insufficient_quota"/.test(body)) return 'quota';
  if (status === 400 || status === 413 || status === 422) return 'rejected';
  if (status === 401 || status === 403 || status === 404) return 'config';
  return 'unavailable';
}

/**
 * fetch for provider calls: a deadline on the whole call, and every failure as a ProviderError of the
 * kind its status tells (kindOfStatus; network failures → unavailable). The key travels in a header,
 * never the URL; messages name only the status and the path.
 */
export async function providerFetch(provider: string, url: URL, init: RequestInit, timeoutMs: number): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (err) {
    const e = err as Error;
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      throw providerError(provider, 'timeout', `no answer from ${url.pathname} in ${timeoutMs} ms`);
    throw providerError(provider, 'unavailable', `${url.pathname} unreachable`);
  }
  if (res.ok) return res;
  const body = await res.text().catch(() => '');
  const kind = kindOfStatus(res.status, body);
  const word = googleStatus(body);
  const detail = kind === 'quota' ? ' (quota or rate limit)' : word ? ` ${word}` : '';
  throw providerError(provider, kind, `${url.pathname} answered ${res.status}${detail}`, { status: res.status, body });
}

/** Reads a provider's answer body within the same deadline, as a timeout when it stalls. */
export async function readBody(provider: string, res: Response, as: 'json' | 'bytes'): Promise<unknown> {
  try {
    return as === 'json' ? await res.json() : Buffer.from(await res.arrayBuffer());
  } catch (err) {
    const e = err as Error;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') throw providerError(provider, 'timeout', 'the answer stalled');
    throw providerError(provider, 'malformed', 'the answer is not what the API returns');
  }
}
