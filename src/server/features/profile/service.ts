import type { Readable } from 'node:stream';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  checkUserIdLocally,
  PICTURE_MESSAGES,
  PROFILE_MESSAGES,
  PROFILE_UPLOAD_PATH,
  pictureProblem,
  RESERVED_USER_IDS,
} from '../../../shared/rules/profile';
import type { ProfileUpdate } from '../../../shared/schemas/auth';
import type { Db } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { keyIn } from '../../providers/storage/keys';
import type { StorageProvider } from '../../providers/storage/types';
import { issuedProfileKey, profileImageKey } from './image';

/** A refused user ID: its answer names the field, so the form marks it without reading the message. */
const userIdRefused = (status: 400 | 409, message: string) => new AppError(status, message, { field: 'customUserId' });

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

export async function updateProfile(db: Db, storage: StorageProvider, current: UserRow, input: ProfileUpdate): Promise<UserRow> {
  const userId = current.id;
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  // The picture stays as it is, or becomes nothing, an emoji, or the member's own upload: the one the
  // server issued to them and recorded as their picture (a client never names another storage key).
  const picture = input.picture === undefined ? undefined : input.picture || null;
  if (picture !== undefined && picture !== current.picture) {
    if (picture !== null) {
      const problem = pictureProblem(picture);
      if (problem) throw badRequest(problem);
      if (PROFILE_UPLOAD_PATH.test(picture)) throw badRequest(PICTURE_MESSAGES.notYours);
    }
    set.picture = picture;
  }
  if (input.xHandle !== undefined) set.xHandle = input.xHandle ? input.xHandle.replace(/^@/, '') : null;
  if (input.customUserId !== undefined) {
    if (input.customUserId === null) set.customUserId = null;
    else {
      if (RESERVED_USER_IDS.has(input.customUserId.toLowerCase())) throw userIdRefused(400, PROFILE_MESSAGES.userIdReserved);
      const check = await checkUserId(db, input.customUserId, userId);
      if (!check.available) throw userIdRefused(409, check.reason);
      set.customUserId = input.customUserId;
    }
  }
  try {
    const [row] = await db
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    // The upload the member no longer uses is theirs to drop (and only an issued key is ever deleted).
    const dropped = set.picture !== undefined ? issuedProfileKey(current.picture, userId) : null;
    if (dropped) await storage.delete(dropped).catch(() => {});
    return row;
  } catch (err) {
    // Two members racing for one ID: the unique index decides, the loser hears it is taken.
    if (
      (err as { code?: string; cause?: { code?: string } }).code === '23505' ||
      (err as { cause?: { code?: string } }).cause?.code === '23505'
    ) {
      throw userIdRefused(409, PROFILE_MESSAGES.userIdTaken);
    }
    throw err;
  }
}

/**
 * Stores a new profile picture (already decoded and re-encoded) under a key issued to the member,
 * records it as their picture, then drops the upload it replaces (only ever an upload issued to them).
 */
export async function replaceProfileImage(db: Db, storage: StorageProvider, user: UserRow, webp: Buffer): Promise<string> {
  const key = profileImageKey(user.id);
  await storage.put(key, webp);
  const imageUrl = `/${key}`;
  await db.update(users).set({ picture: imageUrl, updatedAt: new Date() }).where(eq(users.id, user.id));
  const dropped = issuedProfileKey(user.picture, user.id);
  if (dropped && dropped !== key) await storage.delete(dropped).catch(() => {});
  return imageUrl;
}

/** A stored profile picture (/uploads/profile/{file}) with its size, or 404 ページが見つかりません. */
export async function storedProfileImage(storage: StorageProvider, file: string): Promise<{ size: number; body: Readable }> {
  const key = keyIn('uploads/profile', file);
  const stat = await storage.stat(key);
  if (!stat) throw notFound();
  return { size: stat.size, body: await storage.read(key) };
}
