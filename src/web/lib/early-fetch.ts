/**
 * Answers index.html asks for before the app's code has arrived: on the home page the catalogue request
 * starts while the scripts download, so the first track can be shown as soon as React renders instead
 * of one round trip later. The inline script in index.html stores the pending fetches by path on
 * window.__mugenEarly; each is used once, by the first GET of that path, and a failed one is asked again.
 */
type EarlyFetches = Record<string, Promise<Response> | undefined>;

declare global {
  interface Window {
    __mugenEarly?: EarlyFetches;
  }
}

/** The early answer for a GET of `path`, once; null when there is none (or it has been used). */
export function takeEarlyResponse(path: string): Promise<Response | null> | null {
  const early = typeof window === 'undefined' ? undefined : window.__mugenEarly;
  const pending = early?.[path];
  if (!early || !pending) return null;
  delete early[path];
  return pending.catch(() => null);
}
