import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

export const SESSION_COOKIE = 'mugen_session';

export interface Viewer {
  sessionId: number;
  userId: string | null;
  isAdmin: boolean;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a session and returns the opaque token for the cookie; only its hash is stored. */
export async function createSession(
  db: Db,
  opts: { userId?: string | null; isAdmin?: boolean; ttlDays: number; deviceInfo?: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + opts.ttlDays * 86_400_000);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: opts.userId ?? null,
    isAdmin: opts.isAdmin ?? false,
    deviceInfo: opts.deviceInfo?.slice(0, 300) ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

/** Sliding renewal happens at most once an hour per session, to keep reads cheap. */
const RENEW_AFTER_MS = 3_600_000;

export async function resolveViewer(db: Db, token: string | undefined, ttlDays: number): Promise<Viewer | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, isAdmin: sessions.isAdmin, lastActiveAt: sessions.lastActiveAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  if (Date.now() - row.lastActiveAt.getTime() > RENEW_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastActiveAt: new Date(), expiresAt: new Date(Date.now() + ttlDays * 86_400_000) })
      .where(eq(sessions.id, row.id));
  }
  return { sessionId: row.id, userId: row.userId, isAdmin: row.isAdmin };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person (or admin) behind the session cookie, resolved lazily once per request. */
    viewer(): Promise<Viewer | null>;
  }
}

export function viewerResolver(db: Db, ttlDays: number) {
  return function (this: FastifyRequest): Promise<Viewer | null> {
    const self = this as FastifyRequest & { _viewer?: Promise<Viewer | null> };
    self._viewer ??= resolveViewer(db, this.cookies?.[SESSION_COOKIE], ttlDays);
    return self._viewer;
  };
}
