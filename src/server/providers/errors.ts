/**
 * How an AI provider call failed, one way for every provider (issue 15): the creation maps `quota` to
 * 429 「AI音声生成サービスの制限」 and the rest to its own failure message, gives the daily use back, and
 * counts it for /metrics (in the main thread: a voice runs in the render worker, which only reports).
 */
export type ProviderErrorKind = 'quota' | 'timeout' | 'malformed' | 'unavailable';

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly provider: string,
    readonly kind: ProviderErrorKind,
    message: string,
  ) {
    super(`${provider}: ${message}`);
  }
}

export function providerError(provider: string, kind: ProviderErrorKind, message: string): ProviderError {
  return new ProviderError(provider, kind, message);
}

/**
 * fetch for provider calls: a deadline on the whole call, and every failure as a ProviderError
 * (429 or a quota body → quota; other statuses and network failures → unavailable). The URL may carry
 * a key, so messages name only the status and the path.
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
  if (res.status === 429 || /RESOURCE_EXHAUSTED|quota|rate.?limit/i.test(body)) {
    throw providerError(provider, 'quota', `${url.pathname} answered ${res.status} (quota or rate limit)`);
  }
  throw providerError(provider, 'unavailable', `${url.pathname} answered ${res.status}`);
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
