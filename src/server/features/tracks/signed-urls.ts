/** How long a presigned stream URL is valid, and how long one is handed out again before a new one is signed. */
export const SIGNED_URL_TTL_SECONDS = 300;
const REUSE_MS = 120_000;
/** How long a browser may keep the redirect of a visible track (well inside the URL's life). */
export const REDIRECT_MAX_AGE_SECONDS = 60;
const MAX_ENTRIES = 10_000;

/**
 * Presigned URLs of the audio objects (issue 16: with S3 the app is out of the audio data path). A URL
 * is signed locally and reused for two minutes of its five, so a listener's range requests cost one
 * map lookup; who may have it is decided by the stream route before every answer.
 */
export function createSignedUrls(sign: (key: string, expiresInSeconds: number) => Promise<string>, now = () => Date.now()) {
  const entries = new Map<string, { url: Promise<string>; until: number }>();
  return {
    get(key: string): Promise<string> {
      const t = now();
      const hit = entries.get(key);
      if (hit && hit.until > t) return hit.url;
      const url = sign(key, SIGNED_URL_TTL_SECONDS);
      entries.set(key, { url, until: t + REUSE_MS });
      url.catch(() => entries.delete(key));
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      return url;
    },
  };
}

export type SignedUrls = ReturnType<typeof createSignedUrls>;
