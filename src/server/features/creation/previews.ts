import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { CREATION_MESSAGES, PREVIEW_TTL_MS } from '../../../shared/rules/creation';
import { PreviewFilenameSchema } from '../../../shared/schemas/creation';
import type { Db } from '../../db/client';
import { creationPreviews } from '../../db/schema';
import { notFound } from '../../http/errors';
import { defineScheduledJob } from '../../jobs/define';
import { keyIn } from '../../providers/storage/keys';
import type { StorageProvider } from '../../providers/storage/types';
import { deleteOldChecks } from './claims';

export const PREVIEW_FOLDER = 'previews';
export const previewKey = (filename: string) => keyIn(PREVIEW_FOLDER, filename);
export const newPreviewFilename = () => `p-${randomBytes(12).toString('hex')}.mp3`;

export type PreviewRow = typeof creationPreviews.$inferSelect;

/** Stores a preview's audio and records it as the member's, for an hour. */
export async function savePreview(
  db: Db,
  storage: StorageProvider,
  input: { userId: string; title: string; script: string; duration: number; speakingRate: number; mp3: Buffer },
  now = new Date(),
): Promise<PreviewRow> {
  const filename = newPreviewFilename();
  await storage.put(previewKey(filename), input.mp3);
  const [row] = await db
    .insert(creationPreviews)
    .values({
      filename,
      userId: input.userId,
      title: input.title,
      script: input.script,
      duration: input.duration,
      speakingRate: input.speakingRate,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PREVIEW_TTL_MS),
    })
    .returning();
  return row;
}

/**
 * The member's own live preview by its file name, or null. A name that is not one the server issues
 * (a path, `..`, another folder) is nobody's preview: nothing is read or deleted for it.
 */
export async function ownPreview(
  db: Db,
  userId: string,
  filename: string,
  now = new Date(),
  opts: { lock?: boolean } = {},
): Promise<PreviewRow | null> {
  if (!PreviewFilenameSchema.safeParse(filename).success) return null;
  const query = db
    .select()
    .from(creationPreviews)
    .where(and(eq(creationPreviews.filename, filename), eq(creationPreviews.userId, userId)));
  // In a transaction, `lock` holds the row until it ends (publish claims the preview under it).
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return row;
}

/** DELETE /api/cleanup-preview/{filename}: only the member's own preview goes; anything else is 404. */
export async function deleteOwnPreview(db: Db, storage: StorageProvider, userId: string, filename: string): Promise<void> {
  if (!PreviewFilenameSchema.safeParse(filename).success) throw notFound(CREATION_MESSAGES.previewNotFound);
  const gone = await db
    .delete(creationPreviews)
    .where(and(eq(creationPreviews.filename, filename), eq(creationPreviews.userId, userId)))
    .returning({ filename: creationPreviews.filename });
  if (!gone.length) throw notFound(CREATION_MESSAGES.previewNotFound);
  await storage.delete(previewKey(filename)).catch(() => {});
}

/** The scheduled clean-up: previews older than an hour, rows and files (and script checks older than a day). Answers how many previews went. */
export async function deleteExpiredPreviews(db: Db, storage: StorageProvider, now = new Date()): Promise<number> {
  await deleteOldChecks(db, now);
  const expired = await db
    .delete(creationPreviews)
    .where(lt(creationPreviews.expiresAt, now))
    .returning({ filename: creationPreviews.filename });
  for (const p of expired) await storage.delete(previewKey(p.filename)).catch(() => {});
  return expired.length;
}

/** How often expired previews are looked for. */
const PREVIEW_SWEEP_MS = 5 * 60_000;

/** The scheduled clean-up of expired previews (deleteExpiredPreviews). */
export const sweepPreviewsJob = defineScheduledJob('sweep-previews', {
  everyMs: PREVIEW_SWEEP_MS,
  run: async ({ db, storage }) => ({ deleted: await deleteExpiredPreviews(db, storage) }),
});
