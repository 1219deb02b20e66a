import webpush from 'web-push';
import { checkEndpoint, type EndpointPolicy, pushServiceOf, resolvesPublicly } from './endpoints';
import type { VapidKeys } from './vapid';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushOutcome = 'sent' | 'gone' | 'failed';

/** Delivers one payload by the Web Push protocol (RFC 8030/8291, VAPID). */
export type PushSender = (target: PushTarget, payload: string) => Promise<PushOutcome>;

/**
 * web-push encrypts the payload (aes128gcm) and signs the VAPID JWT; the request itself goes out
 * through fetch, which speaks to an https push service as to the local stand-in the tests run.
 */
export function createWebPushSender(
  vapid: VapidKeys,
  policy: EndpointPolicy,
  /** Told of each failed push: the service (fcm, apple, mozilla, …) and why (the HTTP status, `network`). */
  onFailure: (service: string, reason: string) => void = () => {},
): PushSender {
  const failed = (endpoint: string, reason: string): PushOutcome => {
    onFailure(pushServiceOf(endpoint), reason);
    return 'failed';
  };
  return async (target, payload) => {
    // The endpoint was checked when it was saved; check again (a row may predate the policy), and
    // resolve a known service's name, so nothing internal is ever called. Such a row is dropped.
    const verdict = checkEndpoint(target.endpoint, policy);
    if (!verdict.ok) return 'gone';
    if (verdict.known && !(await resolvesPublicly(new URL(target.endpoint).hostname))) return failed(target.endpoint, 'dns');
    try {
      const details = webpush.generateRequestDetails(target, payload, {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: 24 * 3600,
      });
      const headers = Object.fromEntries(
        Object.entries(details.headers)
          .filter(([k]) => k.toLowerCase() !== 'content-length')
          .map(([k, v]) => [k, String(v)]),
      );
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : undefined,
        signal: AbortSignal.timeout(10_000),
        redirect: 'manual',
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) return 'sent';
      // 404 and 410: the subscription is gone for good and is removed.
      return res.status === 404 || res.status === 410 ? 'gone' : failed(target.endpoint, String(res.status));
    } catch (err) {
      return failed(target.endpoint, (err as Error)?.name === 'TimeoutError' ? 'timeout' : 'network');
    }
  };
}
