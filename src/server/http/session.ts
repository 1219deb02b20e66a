import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DAY_MS } from '../../shared/constants';
import type { Db } from '../db/client';
import { sessions, type UserRow, users } from '../db/schema';

/**
 * Who is calling: the session lookup behind the cookies, which the HTTP layer (guards, rate limits,
 * metrics) and every feature read through the accessors of guards.ts (`viewerOf`, `memberOf`). It
 * knows the sessions and users tables and no feature; signing in (features/auth) creates the sessions.
 */

export const SESSION_COOKIE = 'mugen_session';
/** The operators' console has a session and a cookie of its own (issue 18): never a member's. */
export const ADMIN_COOKIE = 'mugen_admin';

/**
 * The person behind a request's cookies. `member` is the signed-in member's row (null for an operator
 * without a member session, or a session whose member was deleted); `userId` is its id. isAdmin is true
 * when the request also carries a live admin session (an operator moderating members' tracks).
 */
export interface Viewer {
  sessionId: number;
  userId: string | null;
  isAdmin: boolean;
  /** The operator's console session behind the admin cookie (issue 18), when there is one. */
  adminSessionId: number | null;
  member: UserRow | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Sliding renewal happens at most once an hour per session, to keep reads cheap. */
const RENEW_AFTER_MS = 3_600_000;

type SessionKind = 'member' | 'admin';

/**
 * The live session of a cookie's token, of one kind, with its member's row: a member's cookie never
 * carries an admin session and the reverse. Renewal slides a member's session by ttlDays; an admin's
 * keeps its own length.
 */
async function resolveSession(db: Db, token: string | undefined, kind: SessionKind, ttlDays: number) {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({
      id: sessions.id,
      lastActiveAt: sessions.lastActiveAt,
      expiresAt: sessions.expiresAt,
      member: users,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
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

async function resolveViewer(db: Db, token: string | undefined, ttlDays: number): Promise<Viewer | null> {
  const row = await resolveSession(db, token, 'member', ttlDays);
  return row ? { sessionId: row.id, userId: row.member?.id ?? null, isAdmin: false, adminSessionId: null, member: row.member } : null;
}

/** The operator's session behind the admin cookie, or null. */
async function resolveAdmin(db: Db, token: string | undefined): Promise<{ sessionId: number } | null> {
  const row = await resolveSession(db, token, 'admin', 0);
  return row ? { sessionId: row.id } : null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The lookup behind `viewerOf(request)` (guards.ts), resolved lazily once per request: read it through viewerOf. */
    lookUpViewer(): Promise<Viewer | null>;
    /**
     * The operator's console session behind the admin cookie (issue 18), or null: the lookup behind the
     * adminsOnly guard and `viewerOf(request)`, which handlers read instead.
     */
    lookUpAdmin(): Promise<{ sessionId: number } | null>;
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
      const [member, admin] = await Promise.all([resolveViewer(db, this.cookies?.[SESSION_COOKIE], ttlDays), this.lookUpAdmin()]);
      const adminSessionId = admin?.sessionId ?? null;
      if (member) return { ...member, isAdmin: admin !== null, adminSessionId };
      return admin ? { sessionId: admin.sessionId, userId: null, isAdmin: true, adminSessionId, member: null } : null;
    })();
    return self._viewer;
  };
}
