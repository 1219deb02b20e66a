import path from 'node:path';
import type { Readable } from 'node:stream';
import { asc, count, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMIN_AUDIO_MESSAGES } from '../../../../shared/rules/admin-audio';
import { ADMIN_PAGE_SIZE } from '../../../../shared/schemas/admin';
import type { AdminFilesQuery, AdminSyncAnswer, AudioFileRow } from '../../../../shared/schemas/admin-audio';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { tracks, users } from '../../../db/schema';
import { AppError, conflict, notFound } from '../../../http/errors';
import { createLocalStorage } from '../../../providers/storage/local';
import type { StorageProvider, StoredObject } from '../../../providers/storage/types';
import { issuedProfileKey } from '../../profile/public';
import { audioKey, audioKeysOf, trackChanged } from '../../tracks/public';

/**
 * The console's files (spec §2.4 ファイル一覧, §3 "Audio file row (admin)"; decision 0022). Every track,
 * hidden ones included, with where its MP3 is: the app serves media from the S3 bucket when one is
 * configured, else from DATA_DIR/media; files written to local disk before the bucket was configured are
 * found there and can be moved into it (sync).
 */
export interface MediaStores {
  /** DATA_DIR/media. */
  local: StorageProvider;
  /** The bucket, when S3_BUCKET is set (then it is also where the app reads and writes media). */
  bucket: StorageProvider | null;
}

export function mediaStores(config: Config, storage: StorageProvider): MediaStores {
  return {
    local: storage.location === 'local' ? storage : createLocalStorage(path.join(config.dataDir, 'media')),
    bucket: storage.location === 's3' ? storage : null,
  };
}

/** The creator's account: `createdBy` is a member's id, or mugen / mugen_official for the official channel. */
const creator = alias(users, 'creator');
const creatorJoin = eq(creator.id, sql`(case when ${tracks.createdBy} = 'mugen_official' then 'mugen' else ${tracks.createdBy} end)`);

const rowColumns = {
  id: tracks.id,
  title: tracks.title,
  filename: tracks.filename,
  hqFilename: tracks.hqFilename,
  fileSize: tracks.fileSize,
  duration: tracks.duration,
  playCount: tracks.playCount,
  impressionCount: tracks.impressionCount,
  likeCount: tracks.likeCount,
  bookmarkCount: tracks.bookmarkCount,
  createdBy: tracks.createdBy,
  uploadedAt: tracks.uploadedAt,
  isVisible: tracks.isVisible,
  isPremiumOnly: tracks.isPremiumOnly,
  ownerId: tracks.userId,
  posterName: users.name,
  posterPicture: users.picture,
  creatorId: creator.id,
  creatorName: creator.name,
  creatorPicture: creator.picture,
};

interface DbRow {
  id: number;
  title: string;
  filename: string;
  hqFilename: string | null;
  fileSize: number;
  duration: number;
  playCount: number;
  impressionCount: number;
  likeCount: number;
  bookmarkCount: number;
  createdBy: string | null;
  uploadedAt: Date;
  isVisible: boolean;
  isPremiumOnly: boolean;
  ownerId: string | null;
  posterName: string | null;
  posterPicture: string | null;
  creatorId: string | null;
  creatorName: string | null;
  creatorPicture: string | null;
}

const likePattern = (term: string) => `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/** Search over the title and the poster column's names (the owner's, else the creator's). */
function searchWhere(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const p = likePattern(term.normalize('NFKC'));
  return or(ilike(tracks.title, p), ilike(users.name, p), ilike(creator.name, p));
}

const selectRows = (db: Db) =>
  db.select(rowColumns).from(tracks).leftJoin(users, eq(users.id, tracks.userId)).leftJoin(creator, creatorJoin).$dynamic();

/** GET /api/admin/files: a page of 10, newest first, with each file's location checked now. */
export async function listFiles(db: Db, stores: MediaStores, query: AdminFilesQuery) {
  const where = searchWhere(query.search);
  const [{ total }] = await db
    .select({ total: count() })
    .from(tracks)
    .leftJoin(users, eq(users.id, tracks.userId))
    .leftJoin(creator, creatorJoin)
    .where(where);
  const rows = (await selectRows(db)
    .where(where)
    .orderBy(desc(tracks.uploadedAt), desc(tracks.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_PAGE_SIZE)) as DbRow[];
  return {
    files: await withLocations(stores, rows),
    total,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    bucket: stores.bucket !== null,
  };
}

/** How many files are checked at once (each is a stat on disk and a HEAD on the bucket). */
const CHECK_BATCH = 20;

/**
 * GET /api/admin/files/location: the rows of these ids (the list's page, polled every 30 s), or of
 * every track, newest first, checked CHECK_BATCH at a time.
 */
export async function fileLocations(db: Db, stores: MediaStores, ids: number[] | undefined) {
  const rows = (await selectRows(db)
    .where(ids ? inArray(tracks.id, ids.length ? ids : [0]) : undefined)
    .orderBy(desc(tracks.uploadedAt), desc(tracks.id))) as DbRow[];
  const files: AudioFileRow[] = [];
  for (let i = 0; i < rows.length; i += CHECK_BATCH) files.push(...(await withLocations(stores, rows.slice(i, i + CHECK_BATCH))));
  return { files, bucket: stores.bucket !== null, checkedAt: new Date().toISOString() };
}

const statOrNull = (store: StorageProvider, key: string): Promise<StoredObject | null> => store.stat(key).catch(() => null);

/** The poster's uploaded picture (the owner's, else the creator account's), when it has one to check. */
function profileKeyOf(r: DbRow): string | null {
  if (r.ownerId) return issuedProfileKey(r.posterPicture, r.ownerId);
  if (r.creatorId) return issuedProfileKey(r.creatorPicture, r.creatorId);
  return null;
}

async function withLocations(stores: MediaStores, rows: DbRow[]): Promise<AudioFileRow[]> {
  return Promise.all(
    rows.map(async (r) => {
      const key = audioKey(r.filename);
      const profileKey = profileKeyOf(r);
      const [local, s3, picture] = await Promise.all([
        statOrNull(stores.local, key),
        stores.bucket ? statOrNull(stores.bucket, key) : Promise.resolve(null),
        // Pictures are served from where media is served: the bucket when there is one.
        profileKey ? statOrNull(stores.bucket ?? stores.local, profileKey) : Promise.resolve(undefined),
      ]);
      const location: 's3' | 'local' = stores.bucket ? (s3 || !local ? 's3' : 'local') : 'local';
      const here = location === 's3' ? s3 : local;
      return {
        id: r.id,
        title: r.title,
        location,
        exists: here !== null,
        size: here?.size ?? r.fileSize,
        profile: { exists: picture === undefined ? null : picture !== null },
        playCount: r.playCount,
        impressionCount: r.impressionCount,
        likeCount: r.likeCount,
        bookmarkCount: r.bookmarkCount,
        posterName: r.posterName,
        creatorName: r.creatorName,
        createdBy: r.createdBy,
        uploadedAt: r.uploadedAt.toISOString(),
        isVisible: r.isVisible,
        isPremiumOnly: r.isPremiumOnly,
        duration: Math.round(r.duration * 100) / 100,
        copies: {
          local: { exists: local !== null, size: local?.size ?? null },
          s3: stores.bucket ? { exists: s3 !== null, size: s3?.size ?? null } : null,
        },
      };
    }),
  );
}

// ——— sync: local disk → bucket ———

async function bufferOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(parts);
}

type KeyOutcome = 'moved' | 'already' | 'missing';

/**
 * One file into the bucket: already there, or copied from local disk, read back by its size, and only
 * then removed from local disk (so the app, which reads the bucket, serves it, and deleting the track
 * later leaves no copy behind). Neither place: missing.
 */
async function moveToBucket(stores: MediaStores & { bucket: StorageProvider }, key: string): Promise<KeyOutcome> {
  if (await stores.bucket.stat(key)) return 'already';
  const local = await stores.local.stat(key);
  if (!local) return 'missing';
  const data = await bufferOf(await stores.local.read(key));
  await stores.bucket.put(key, data);
  const copied = await stores.bucket.stat(key);
  if (!copied || copied.size !== data.length)
    throw new Error(`bucket copy of ${key} has ${copied?.size ?? 'no'} bytes, not ${data.length}`);
  await stores.local.delete(key);
  return 'moved';
}

function needBucket(stores: MediaStores): MediaStores & { bucket: StorageProvider } {
  if (!stores.bucket) throw conflict(ADMIN_AUDIO_MESSAGES.noBucket);
  return stores as MediaStores & { bucket: StorageProvider };
}

const syncFileColumns = {
  id: tracks.id,
  filename: tracks.filename,
  hqFilename: tracks.hqFilename,
  ownerId: tracks.userId,
  posterPicture: users.picture,
  creatorId: creator.id,
  creatorPicture: creator.picture,
};
type SyncRow = Pick<DbRow, keyof typeof syncFileColumns>;

/** The files of a track: its MP3 (and 128 kbit/s variant) and its poster's uploaded picture. */
function keysOf(r: SyncRow): { audio: string; others: string[] } {
  const [audio, ...hq] = audioKeysOf(r);
  const picture = r.ownerId
    ? issuedProfileKey(r.posterPicture, r.ownerId)
    : r.creatorId
      ? issuedProfileKey(r.creatorPicture, r.creatorId)
      : null;
  return { audio, others: picture ? [...hq, picture] : hq };
}

function syncAnswer(counts: { moved: number; already: number; missing: number; tracks: number }): AdminSyncAnswer {
  return {
    ...counts,
    message: counts.moved > 0 ? ADMIN_AUDIO_MESSAGES.synced(counts.moved, counts.missing) : ADMIN_AUDIO_MESSAGES.nothingToSync,
  };
}

const selectSyncRows = (db: Db) =>
  db.select(syncFileColumns).from(tracks).leftJoin(users, eq(users.id, tracks.userId)).leftJoin(creator, creatorJoin).$dynamic();

/** What failed underneath a sync's 503, for the log. */
export type SyncLog = (err: unknown) => void;

async function syncKeys(
  stores: MediaStores & { bucket: StorageProvider },
  keys: string[],
  counts: Record<KeyOutcome, number>,
  log: SyncLog,
) {
  for (const key of keys) {
    try {
      counts[await moveToBucket(stores, key)] += 1;
    } catch (err) {
      log(err);
      throw new AppError(503, ADMIN_AUDIO_MESSAGES.syncFailed);
    }
  }
}

/** POST /api/admin/files/sync/{id}: the track's files into the bucket. */
export async function syncFile(db: Db, stores: MediaStores, id: number, log: SyncLog): Promise<AdminSyncAnswer> {
  const withBucket = needBucket(stores);
  const [row] = (await selectSyncRows(db).where(eq(tracks.id, id))) as SyncRow[];
  if (!row) throw notFound(ADMIN_AUDIO_MESSAGES.trackNotFound);
  const { audio, others } = keysOf(row);
  const counts = { moved: 0, already: 0, missing: 0 };
  await syncKeys(withBucket, [audio], counts, log);
  if (counts.missing > 0) throw notFound(ADMIN_AUDIO_MESSAGES.fileMissing);
  await syncKeys(withBucket, others, counts, log);
  if (counts.moved > 0) await trackChanged(db, id);
  return syncAnswer({ ...counts, tracks: 1 });
}

/** Tracks read per round of sync-all. */
const SYNC_BATCH = 100;

/**
 * POST /api/admin/files/sync-all: every track's files into the bucket, a batch of tracks at a time in
 * id order; a picture shared by several tracks is looked at once.
 */
export async function syncAll(db: Db, stores: MediaStores, log: SyncLog): Promise<AdminSyncAnswer> {
  const withBucket = needBucket(stores);
  const counts = { moved: 0, already: 0, missing: 0 };
  const seen = new Set<string>();
  let after = 0;
  let total = 0;
  for (;;) {
    const rows = (await selectSyncRows(db).where(gt(tracks.id, after)).orderBy(asc(tracks.id)).limit(SYNC_BATCH)) as SyncRow[];
    if (rows.length === 0) break;
    for (const row of rows) {
      const { audio, others } = keysOf(row);
      const keys = [audio, ...others].filter((k) => !seen.has(k));
      for (const k of keys) seen.add(k);
      const before = counts.moved;
      await syncKeys(withBucket, keys, counts, log);
      if (counts.moved > before) await trackChanged(db, row.id);
    }
    total += rows.length;
    after = rows[rows.length - 1].id;
  }
  return syncAnswer({ ...counts, tracks: total });
}
