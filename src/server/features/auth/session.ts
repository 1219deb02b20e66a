import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DAY_MS } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

export const SESSION_COOKIE = 'mugen_session';
/** The operators' console has a session and a cookie of its own (issue 18): never a member's. */
export const ADMIN_COOKIE = 'mugen_admin';

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
  const expiresAt = new Date(Date.now() + opts.ttlDays * DAY_MS);
  if (opts.isAdmin && opts.userId) throw new Error('an admin session belongs to no member');
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

type SessionKind = 'member' | 'admin';

/**
 * The live session of a cookie's token, of one kind: a member's cookie never carries an admin session
 * and the reverse. Renewal slides a member's session by ttlDays; an admin's keeps its own length.
 */
async function resolveSession(db: Db, token: string | undefined, kind: SessionKind, ttlDays: number) {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      isAdmin: sessions.isAdmin,
      lastActiveAt: sessions.lastActiveAt,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.isAdmin, kind === 'admin'), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  if (Date.now() - row.lastActiveAt.getTime() > RENEW_AFTER_MS) {
    // An admin session's length (hours, or days when remembered) is kept from its start.
    const length = kind === 'admin' ? row.expiresAt.getTime() - row.lastActiveAt.getTime() : ttlDays * DAY_MS;
    await db
      .update(sessions)
      .set({ lastActiveAt: new Date(), expiresAt: new Date(Date.now() + Math.max(length, 0)) })
      .where(eq(sessions.id, row.id));
  }
  return row;
}

export async function resolveViewer(db: Db, token: string | undefined, ttlDays: number): Promise<Viewer | null> {
  const row = await resolveSession(db, token, 'member', ttlDays);
  return row ? { sessionId: row.id, userId: row.userId, isAdmin: false } : null;
}

/** The operator's session behind the admin cookie, or null. */
export async function resolveAdmin(db: Db, token: string | undefined): Promise<{ sessionId: number } | null> {
  const row = await resolveSession(db, token, 'admin', 0);
  return row ? { sessionId: row.id } : null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in person behind the session cookie, resolved lazily once per request. isAdmin is true
     * when the request also carries a live admin session (an operator moderating members' tracks); an
     * operator without a member session is a viewer with no userId.
     */
    viewer(): Promise<Viewer | null>;
    /** The operator's console session behind the admin cookie (issue 18), or null. */
    admin(): Promise<{ sessionId: number } | null>;
  }
}

type Memo = FastifyRequest & { _viewer?: Promise<Viewer | null>; _admin?: Promise<{ sessionId: number } | null> };

export function adminResolver(db: Db) {
  return function (this: FastifyRequest): Promise<{ sessionId: number } | null> {
    const self = this as Memo;
    self._admin ??= resolveAdmin(db, this.cookies?.[ADMIN_COOKIE]);
    return self._admin;
  };
}

export function viewerResolver(db: Db, ttlDays: number) {
  return function (this: FastifyRequest): Promise<Viewer | null> {
    const self = this as Memo;
    self._viewer ??= (async () => {
      const [member, admin] = await Promise.all([resolveViewer(db, this.cookies?.[SESSION_COOKIE], ttlDays), this.admin()]);
      if (member) return { ...member, isAdmin: admin !== null };
      return admin ? { sessionId: admin.sessionId, userId: null, isAdmin: true } : null;
    })();
    return self._viewer;
  };
}
