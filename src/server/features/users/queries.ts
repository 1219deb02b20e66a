import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { OFFICIAL_CREATED_BY, OFFICIAL_ID } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages/api';
import type { PublicUser } from '../../../shared/schemas/social';
import type { Db } from '../../db/client';
import { tracks, type UserRow, users } from '../../db/schema';
import { found } from '../../http/errors';
import { listedSql } from '../tracks/public';

/**
 * The user lookups other features share (services never import services, docs/conventions.md "Layers"):
 * plain reads of the users table, no rules of any feature.
 */

/**
 * Who is looking at a thing, as the visibility rules of tracks and playlists read it: a member's id and
 * whether an operator looks, or null for a visitor. The request's `Viewer` (http/session.ts) is one.
 */
export type Onlooker = { userId: string | null; isAdmin: boolean } | null;

/** A member by internal id or by public user ID (case-insensitive); the official account is `mugen`. */
export async function findUserByRef(db: Db, ref: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.id, ref), sql`lower(${users.customUserId}) = ${ref.toLowerCase()}`))
    .limit(1);
  return row ?? null;
}

/** A member by id or user ID, or 404 ユーザーが見つかりません. */
export async function userByRef(db: Db, ref: string): Promise<UserRow> {
  return found(await findUserByRef(db, ref), MESSAGES.userNotFound);
}

/** What anyone may see of a member: never the e-mail or premium details. */
export const toPublicUser = (u: Pick<UserRow, 'id' | 'name' | 'picture' | 'customUserId'>): PublicUser => ({
  id: u.id,
  name: u.name,
  picture: u.picture,
  customUserId: u.customUserId,
});

export const publicUserColumns = { id: users.id, name: users.name, picture: users.picture, customUserId: users.customUserId };

/** A member's visible tracks; the official account owns every track created by mugen or mugen_official. */
export function ownTracksCondition(user: UserRow) {
  const visible = listedSql();
  if (user.id === OFFICIAL_ID) return and(visible, or(eq(tracks.userId, OFFICIAL_ID), inArray(tracks.createdBy, [...OFFICIAL_CREATED_BY])));
  return and(visible, eq(tracks.userId, user.id));
}
