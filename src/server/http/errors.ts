import type { FastifyReply } from 'fastify';
import { MESSAGES } from '../../shared/messages/api';
import { ErrorSchema } from '../../shared/schemas/common';

/**
 * The one way a service reports a failure a person should read: a status and a message from the
 * catalogue. Services throw it; the app's error handler answers `{ message }` with the status, so
 * routes never map results to answers by hand.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 405 | 409 | 410 | 413 | 422 | 429 | 503,
    message: string,
    /** Fields a call's answer carries besides `message` where the spec names them (e.g. `reason`). */
    readonly extra: Record<string, string> = {},
    /** Headers the answer carries (e.g. `Allow` with a 405). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string = MESSAGES.invalidRequest) => new AppError(400, message);
export const unauthorized = (message: string = MESSAGES.loginRequired) => new AppError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const unavailable = (message: string) => new AppError(503, message);
/** 405 with the methods that are allowed instead. */
export const methodNotAllowed = (allow: string, message: string) => new AppError(405, message, {}, { Allow: allow });

/** The `{ message }` answers a route documents for these statuses, e.g. `{ 401: ErrorSchema, 404: ErrorSchema }`. */
export const errorAnswers = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorSchema])) as Record<S, typeof ErrorSchema>;

/** The value, or a 404 with `message` when it is null or undefined. */
export function found<T>(value: T | null | undefined, message: string = MESSAGES.notFound): T {
  if (value === null || value === undefined) throw notFound(message);
  return value;
}

/**
 * An error answer from a hook or the error handler: serialised directly, not by the route's response
 * schemas (which describe the handler's own answers).
 */
export function sendError(reply: FastifyReply, status: number, message: string, extra: Record<string, string> = {}) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ ...extra, message });
}
