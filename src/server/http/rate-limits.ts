import fastifyRateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages/api';
import type { Config } from '../config';
import type { Counters } from './counters';
import { viewerOf } from './guards';

/** Requests per minute for each kind of call (multiplied by RATE_LIMIT_SCALE; 0 turns limits off). */
export const LIMITS_PER_MINUTE = {
  signIn: 30, // sign-in starts and callbacks, development sign-in, the operator's sign-in, invitation use
  userIdCheck: 60,
  profile: 30,
  upload: 10,
  contact: 5, // POST /api/contact: a message to the operator (a person sends one; a script sends many)
  aiChat: 20, // POST /api/ai-chat: each question costs a model call
  readings: 30, // GET /api/readings: each text is read by the dictionary's helper, which everyone shares (#36.5)
  programme: 10, // GET /api/radio/programme: each new pair of tracks queues a segue to be written and spoken (#36.7)
  write: 300, // every other state-changing call
} as const;

export type LimitKind = keyof typeof LIMITS_PER_MINUTE;

/**
 * A route's own limit, declared with the route (`config: limitedAs('contact')`): the routes of one kind
 * share one counter per member or address. A route without one is limited as `write` when its method
 * changes state, and not at all when it reads.
 */
export const limitedAs = (kind: Exclude<LimitKind, 'write'>): { rateLimit: RateLimitOptions } => ({ rateLimit: { groupId: kind } });

/**
 * A read answered many times a second (the stream's ranges, issue 41.6): no rate-limit hook runs at all,
 * where an undeclared read would run it only to be let through.
 */
export const neverLimited = { rateLimit: false } as const;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The kind of the route Fastify matched (its declared config and method), never of the raw URL: a
 * percent-encoded path (`/api/%63ontact`) reaches the same route and so the same limit.
 */
export function kindOfRoute(request: FastifyRequest): LimitKind | null {
  const declared = request.routeOptions.config?.rateLimit;
  const group = declared ? declared.groupId : undefined;
  if (group && group in LIMITS_PER_MINUTE) return group as LimitKind;
  return WRITES.has(request.method) ? 'write' : null;
}

/** The plugin's store over the shared counters; every route's store is the same one (keys name their kind). */
function storeOver(counters: Counters, onError: (err: unknown) => void) {
  return class SharedStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      counters.hit(`rl:${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (err: Error) => {
          onError(err);
          callback(err);
        },
      );
    }
    child() {
      return this;
    }
  };
}

/**
 * Rate limits per kind of route, answered with 429 and a Japanese message, counted in the counters all
 * instances share (PostgreSQL, or Redis with REDIS_URL). The key is the member when the session cookie
 * resolves to a live session, and the client address otherwise: a made-up cookie is nobody, so it
 * cannot buy a fresh counter. A store that cannot be reached lets the request through (logged).
 */
export async function registerRateLimits(app: FastifyInstance, config: Config, counters: Counters) {
  if (config.rateLimitScale <= 0) return;
  const scaled = (kind: LimitKind) => Math.max(1, Math.round(LIMITS_PER_MINUTE[kind] * config.rateLimitScale));
  await app.register(fastifyRateLimit, {
    global: true,
    timeWindow: 60_000,
    skipOnError: true,
    store: storeOver(counters, (err) => app.log.error({ err }, 'rate-limit counters unavailable')),
    allowList: (request) => kindOfRoute(request) === null,
    max: (request) => {
      const kind = kindOfRoute(request);
      return kind ? scaled(kind) : Number.MAX_SAFE_INTEGER;
    },
    keyGenerator: async (request) => {
      // The plugin asks for the key before it consults the allow-list: a read that is not limited (a
      // stream range, the catalogue) must cost no session lookup here.
      const kind = kindOfRoute(request);
      if (kind === null) return 'unlimited';
      const viewer = await viewerOf(request).catch(() => null);
      const who = viewer?.userId ? `u:${viewer.userId}` : viewer?.isAdmin ? `a:${viewer.sessionId}` : `ip:${request.ip}`;
      // The plugin appends a declared kind (groupId) itself; an undeclared write names its kind here.
      return kind === 'write' ? `${who}:write` : `${who}:`;
    },
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: MESSAGES.tooManyRequests, retryAfter: context.after }),
  });
}
