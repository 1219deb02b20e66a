import { and, eq, ne, sql } from 'drizzle-orm';
import { checkUserIdLocally, PROFILE_MESSAGES, RESERVED_USER_IDS } from '../../../shared/rules/profile';
import type { ProfileUpdate } from '../../../shared/schemas/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** available + reason for a wanted user ID; the member's own current ID is available to them. */
export async function checkUserId(db: Db, wanted: string, selfId: string | null): Promise<{ available: boolean; reason: string }> {
  const local = checkUserIdLocally(wanted);
  if (local) return local;
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.customUserId}) = ${wanted.trim().toLowerCase()}`, selfId ? ne(users.id, selfId) : undefined))
    .limit(1);
  // A user ID may not equal another member's internal id either, since both address /{id}.
  const clashesWithId = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.id}) = ${wanted.trim().toLowerCase()}`, selfId ? ne(users.id, selfId) : undefined))
    .limit(1);
  if (taken.length || clashesWithId.length) return { available: false, reason: PROFILE_MESSAGES.userIdTaken };
  return { available: true, reason: PROFILE_MESSAGES.available };
}

export type UpdateResult = { ok: true; user: typeof users.$inferSelect } | { ok: false; status: 409 | 400; message: string };

export async function updateProfile(db: Db, userId: string, input: ProfileUpdate): Promise<UpdateResult> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.picture !== undefined) set.picture = input.picture || null;
  if (input.xHandle !== undefined) set.xHandle = input.xHandle ? input.xHandle.replace(/^@/, '') : null;
  if (input.customUserId !== undefined) {
    if (input.customUserId === null) set.customUserId = null;
    else {
      if (RESERVED_USER_IDS.has(input.customUserId.toLowerCase()))
        return { ok: false, status: 400, message: PROFILE_MESSAGES.userIdReserved };
      const check = await checkUserId(db, input.customUserId, userId);
      if (!check.available) return { ok: false, status: 409, message: check.reason };
      set.customUserId = input.customUserId;
    }
  }
  try {
    const [row] = await db
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return { ok: true, user: row };
  } catch (err) {
    // Two members racing for one ID: the unique index decides, the loser hears it is taken.
    if (
      (err as { code?: string; cause?: { code?: string } }).code === '23505' ||
      (err as { cause?: { code?: string } }).cause?.code === '23505'
    ) {
      return { ok: false, status: 409, message: PROFILE_MESSAGES.userIdTaken };
    }
    throw err;
  }
}
