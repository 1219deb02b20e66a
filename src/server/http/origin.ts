import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages/api';
import { sendError } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Calls that come from elsewhere than a browser page of this site and are signed their own way: Stripe's
 * webhook (its Stripe-Signature is checked against STRIPE_WEBHOOK_SECRET, features/premium/webhook.ts).
 */
const SIGNED_ELSEWHERE = new Set<string>(['/api/stripe/webhook']);

/**
 * Is `value` (an Origin, or a Referer URL) this site? The site is PUBLIC_URL's origin, or the host
 * the request was sent to (ports normalised, so `http://localhost` and `localhost:80` agree).
 */
export function isSameOrigin(value: string, request: Pick<FastifyRequest, 'protocol' | 'host'>, publicUrl: string | undefined): boolean {
  try {
    const o = new URL(value);
    if (o.protocol !== 'http:' && o.protocol !== 'https:') return false;
    if (publicUrl && o.origin === new URL(publicUrl).origin) return true;
    return o.host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return false;
  }
}

/**
 * Cross-site request forgery: every state-changing call must show where it comes from. A browser
 * sends Origin on every POST, PUT, PATCH and DELETE (and fetch, forms and beacons alike); without it,
 * a Referer of this site will do. A call with neither, or from another site, is refused with 403
 * before anything else runs, whatever its content type.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined) {
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (SIGNED_ELSEWHERE.has(request.url.split('?')[0])) return;
    const origin = request.headers.origin;
    const referer = request.headers.referer;
    const claimed = origin ?? referer;
    if (!claimed || !isSameOrigin(claimed, request, publicUrl)) return sendError(reply, 403, MESSAGES.crossOrigin);
  });
}

/**
 * Is this read a page of this site asking? For the few GETs that start work (GET /api/generate-content,
 * spec §7, starts a generation and streams its progress), which a cross-site `<img>`, link or
 * `EventSource` could otherwise trigger with the operator's cookie (issue 24.6). A browser's fetch
 * metadata decides when it is sent: `Sec-Fetch-Site` must be `same-origin` (`same-site`, `cross-site`
 * and `none` — an address typed or a bookmark — are refused). A browser that sends none falls back on
 * the rule of the writes: an Origin or Referer of this site, and a call with neither is refused.
 */
export function isSameOriginRead(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const claimed = request.headers.origin ?? request.headers.referer;
  return claimed !== undefined && isSameOrigin(claimed, request, publicUrl);
}

/** A route's `onRequest` refusing a read that does not come from a page of this site (403, as the writes). */
export function sameOriginReadsOnly(publicUrl: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isSameOriginRead(request, publicUrl)) return sendError(reply, 403, MESSAGES.crossOrigin);
  };
}

/**
 * A WebSocket route's `onRequest`: a browser always names the page that opens a socket, and another
 * site's page is refused (403, as the writes). A client that is no browser sends no Origin and passes
 * on to the route's own session check.
 */
export function sameOriginSocketsOnly(publicUrl: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin && !isSameOrigin(origin, request, publicUrl)) return sendError(reply, 403, MESSAGES.crossOrigin);
  };
}
