import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/messages/api';
import { sendError } from './errors';

/** The one character PostgreSQL text cannot hold (nor compare): a NUL byte. */
const NUL = String.fromCharCode(0);
const holdsNul = (s: string) => s.includes(NUL);

/** Whether any string in a parsed value (keys included) holds text the database cannot store. */
export function holdsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return holdsNul(value);
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((v) => holdsUnstorableText(v, depth + 1));
  if (Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value)) {
    if (holdsNul(k) || holdsUnstorableText(v, depth + 1)) return true;
  }
  return false;
}

/**
 * Refuses, once at the edge and before any route's validation, every path parameter, query value and
 * JSON body field that PostgreSQL could not store or compare (a NUL byte), with 400 and the usual
 * message, so no route can turn it into a database error.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    if (holdsUnstorableText(request.params) || holdsUnstorableText(request.query) || holdsUnstorableText(request.body)) {
      return sendError(reply, 400, MESSAGES.unstorableText);
    }
  });
}
