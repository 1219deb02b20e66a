import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations } from '../../db/schema';

// Unambiguous characters only (no 0/O, 1/I/L), so a code read aloud or retyped works.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newInvitationCode(): string {
  return [...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

export const normaliseCode = (code: string) => code.trim().toUpperCase();

/** Whether a code could be used now (for the web's early answer; using it is `takeInvitation`). */
export async function isUsable(db: Db, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.code, normaliseCode(code)), usableNow()))
    .limit(1);
  return Boolean(row);
}

function usableNow() {
  return and(
    eq(invitations.isActive, true),
    lt(invitations.usedCount, invitations.maxUses),
    or(isNull(invitations.expiresAt), sql`${invitations.expiresAt} > now()`),
    // Codes of a member whose invite permission was withdrawn stop working; operator codes have no creator.
    or(isNull(invitations.createdBy), sql`exists (select 1 from users u where u.id = ${invitations.createdBy} and u.can_invite)`),
  );
}

/**
 * Takes one use of a code atomically: the conditional update cannot let two people take the last use.
 * Returns the invitation id, or null when the code is unknown, inactive, used up or expired.
 */
export async function takeInvitation(db: Db, code: string): Promise<number | null> {
  const [row] = await db
    .update(invitations)
    .set({ usedCount: sql`${invitations.usedCount} + 1` })
    .where(and(eq(invitations.code, normaliseCode(code)), usableNow()))
    .returning({ id: invitations.id });
  return row?.id ?? null;
}

export async function createInvitations(db: Db, createdBy: string | null, count: number, maxUses = 1): Promise<string[]> {
  if (count <= 0) return [];
  const codes = Array.from({ length: count }, newInvitationCode);
  await db.insert(invitations).values(codes.map((code) => ({ code, createdBy, maxUses })));
  return codes;
}

export async function invitationsOf(db: Db, userId: string) {
  return db.select().from(invitations).where(eq(invitations.createdBy, userId)).orderBy(desc(invitations.createdAt), desc(invitations.id));
}

/** /api/invitations/stats: uses of the member's codes, and the uses still available to give. */
export async function invitationStats(db: Db, user: { id: string; canInvite: boolean }) {
  const rows = await invitationsOf(db, user.id);
  return {
    totalInvitesUsed: rows.reduce((n, r) => n + r.usedCount, 0),
    availableInvites: user.canInvite ? rows.filter((r) => r.isActive).reduce((n, r) => n + Math.max(0, r.maxUses - r.usedCount), 0) : 0,
  };
}

/** /api/invitations/my: a member whose invite permission was taken away sees their codes as inactive. */
export async function myInvitations(db: Db, user: { id: string; canInvite: boolean }) {
  const rows = await invitationsOf(db, user.id);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    usedCount: r.usedCount,
    maxUses: r.maxUses,
    isActive: r.isActive && user.canInvite,
    createdAt: r.createdAt.toISOString(),
  }));
}
