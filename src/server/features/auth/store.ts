import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authFlows, consentSessions, sessions, users } from '../../db/schema';
import { hashToken } from '../../http/session';

/** Ends the session of a cookie token (a token of any length beyond ours is nobody's). */
export async function endSessionByToken(db: Db, token: string | undefined): Promise<void> {
  if (token && token.length <= 200) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** A live session's public record (for the development debug page). */
export async function liveSession(db: Db, sessionId: number) {
  const [row] = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
      expiresAt: sessions.expiresAt,
      deviceInfo: sessions.deviceInfo,
    })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`)));
  return row ?? null;
}

export type AuthFlowInput = typeof authFlows.$inferInsert;

/** An OpenID Connect sign-in in progress (state, PKCE verifier, nonce and where to return). */
export async function saveAuthFlow(db: Db, flow: AuthFlowInput): Promise<void> {
  await db.insert(authFlows).values({
    state: flow.state,
    codeVerifier: flow.codeVerifier,
    nonce: flow.nonce,
    redirect: flow.redirect,
    invitationCode: flow.invitationCode,
    payment: flow.payment,
  });
}

/** One use only: the flow is deleted as it is read, so a replayed callback finds nothing. */
export async function takeAuthFlow(db: Db, state: string) {
  const [flow] = await db.delete(authFlows).where(eq(authFlows.state, state)).returning();
  return flow ?? null;
}

/**
 * The development chooser's list, 20 at most: the instance's first member (on `npm start`, the seeded demo
 * member, so it stays a tap away however many join after it), then the latest members with an e-mail.
 */
export async function recentMembers(db: Db): Promise<{ name: string; email: string }[]> {
  const withEmail = () => db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(isNotNull(users.email));
  const [first] = await withEmail().orderBy(asc(users.createdAt), asc(users.id)).limit(1);
  const latest = await withEmail().orderBy(desc(users.createdAt), desc(users.id)).limit(20);
  const rows = first ? [first, ...latest.filter((m) => m.id !== first.id)].slice(0, 20) : latest;
  return rows.map((m) => ({ name: m.name, email: m.email ?? '' }));
}

/** The cookie-consent choice of a browser session (POST /api/session), linked to the member if signed in. */
export async function recordConsent(
  db: Db,
  choice: { id: string; cookieConsent: boolean; analyticsConsent: boolean },
  userId: string | null,
): Promise<void> {
  const { id, cookieConsent, analyticsConsent } = choice;
  await db
    .insert(consentSessions)
    .values({ id, cookieConsent, analyticsConsent, userId })
    .onConflictDoUpdate({
      target: consentSessions.id,
      set: { cookieConsent, analyticsConsent, updatedAt: sql`now()`, ...(userId ? { userId } : {}) },
    });
}
