import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages';
import type { Config } from '../config';

/** Requests per minute for each kind of call (multiplied by RATE_LIMIT_SCALE; 0 turns limits off). */
export const LIMITS_PER_MINUTE = {
  signIn: 30, // sign-in starts and callbacks, development sign-in, the operator's sign-in, invitation use
  userIdCheck: 60,
  profile: 30,
  upload: 10,
  contact: 5, // POST /api/contact: a message to the operator (a person sends one; a script sends many)
  aiChat: 20, // POST /api/ai-chat: each question costs a model call
  write: 300, // every other state-changing call
} as const;

type Kind = keyof typeof LIMITS_PER_MINUTE;

export function kindOf(request: FastifyRequest): Kind | null {
  const url = request.url.split('?')[0];
  if (url === '/api/auth/dev-login' || url.startsWith('/api/auth/google') || url === '/api/admin/login') return 'signIn';
  if (url.startsWith('/api/auth/check-user-id/')) return 'userIdCheck';
  if (url === '/api/auth/profile' && request.method !== 'GET') return 'profile';
  if (url.startsWith('/api/upload/')) return 'upload';
  if (url === '/api/contact' && request.method === 'POST') return 'contact';
  if (url === '/api/ai-chat' && request.method === 'POST') return 'aiChat';
  if (request.method === 'POST' || request.method === 'PUT' || request.method === 'PATCH' || request.method === 'DELETE') return 'write';
  return null;
}

/**
 * Rate limits per kind of call, answered with 429 and a Japanese message. The key is the member when
 * the session cookie resolves to a live session, and the client address otherwise: a made-up cookie
 * is nobody, so it cannot buy a fresh counter. Counters live in this process: behind a load balancer
 * each instance counts its own share.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config) {
  if (config.rateLimitScale <= 0) return;
  await app.register(fastifyRateLimit, {
    global: true,
    timeWindow: 60_000,
    allowList: (request) => kindOf(request) === null,
    max: (request) => {
      const kind = kindOf(request);
      return kind ? Math.max(1, Math.round(LIMITS_PER_MINUTE[kind] * config.rateLimitScale)) : Number.MAX_SAFE_INTEGER;
    },
    keyGenerator: async (request) => {
      // The plugin asks for the key before it consults the allow-list: a read that is not limited (a
      // stream range, the catalogue) must cost no session lookup here.
      const kind = kindOf(request);
      if (kind === null) return 'unlimited';
      const viewer = await request.viewer().catch(() => null);
      const who = viewer?.userId ? `u:${viewer.userId}` : viewer?.isAdmin ? `a:${viewer.sessionId}` : `ip:${request.ip}`;
      return `${kind}:${who}`;
    },
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: MESSAGES.tooManyRequests, retryAfter: context.after }),
  });
}
