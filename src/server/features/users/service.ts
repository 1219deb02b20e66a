import { eq, or, sql } from 'drizzle-orm';
import type { PublicUser } from '../../../shared/schemas/social';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** A member by internal id or by public user ID (case-insensitive); the official account is `mugen`. */
export async function findUserByRef(db: Db, ref: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.id, ref), sql`lower(${users.customUserId}) = ${ref.toLowerCase()}`))
    .limit(1);
  return row ?? null;
}

/** What anyone may see of a member: never the e-mail or premium details. */
export const toPublicUser = (u: Pick<UserRow, 'id' | 'name' | 'picture' | 'customUserId'>): PublicUser => ({
  id: u.id,
  name: u.name,
  picture: u.picture,
  customUserId: u.customUserId,
});

export const publicUserColumns = { id: users.id, name: users.name, picture: users.picture, customUserId: users.customUserId };
