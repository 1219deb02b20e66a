import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tracks } from '../../db/schema';
import type { StorageProvider } from '../../providers/storage/types';
import { onTrackChange } from './changes';
import { audioKey, hqAudioKey } from './queries';

/** The standard 64 kbit/s MP3, or the premium 128 kbit/s variant where the track has one. */
export type StreamQuality = 'standard' | 'high';

/** What the stream needs of a track, held in memory so a range request costs no database round trip. */
export interface StreamInfo {
  key: string;
  size: number;
  etag: string;
  lastModified: Date;
  isVisible: boolean;
  ownerId: string | null;
  /** Premium-only content: streams to premium members (and its owner and admins) only (#24.11). */
  isPremiumOnly: boolean;
}

const MAX_ENTRIES = 10_000;
/**
 * An entry is asked again after this long even when no change was heard: a notification lost with a
 * dropped connection, or a row changed by hand in SQL, costs at most this much staleness.
 */
const MAX_AGE_MS = 60_000;

/**
 * Stream metadata per track, filled on first use and forgotten when the track changes (visibility,
 * delete, new audio: see changes.ts, across instances too). Only tracks that exist and have audio are
 * kept, so a track created later is never hidden behind a cached "not found".
 */
export function createStreamCache(db: Db, storage: StorageProvider) {
  const entries = new Map<string, { at: number; info: Promise<StreamInfo | null> }>();
  onTrackChange(db, (id) => {
    if (id === null) return; // a new track: nothing cached about it
    // A reconnect after which changes may have been missed: all go.
    if (id === 'all') return entries.clear();
    entries.delete(`${id}:standard`);
    entries.delete(`${id}:high`);
  });

  async function load(id: number, quality: StreamQuality): Promise<StreamInfo | null> {
    const [row] = await db
      .select({
        filename: tracks.filename,
        hqFilename: tracks.hqFilename,
        isVisible: tracks.isVisible,
        ownerId: tracks.userId,
        isPremiumOnly: tracks.isPremiumOnly,
      })
      .from(tracks)
      .where(eq(tracks.id, id))
      .limit(1);
    if (!row) return null;
    // A track made before the variant existed streams its standard file to everyone.
    const key = quality === 'high' && row.hqFilename ? hqAudioKey(row.hqFilename) : audioKey(row.filename);
    const stat = await storage.stat(key);
    if (!stat) return null;
    const seconds = Math.floor(stat.mtime.getTime() / 1000);
    return {
      key,
      size: stat.size,
      etag: `"${stat.size.toString(16)}-${seconds.toString(16)}"`,
      lastModified: new Date(seconds * 1000),
      isVisible: row.isVisible,
      ownerId: row.ownerId,
      isPremiumOnly: row.isPremiumOnly,
    };
  }

  return {
    get(id: number, quality: StreamQuality = 'standard'): Promise<StreamInfo | null> {
      const entry = `${id}:${quality}`;
      const now = Date.now();
      const hit = entries.get(entry);
      if (hit && now - hit.at < MAX_AGE_MS) {
        // Least recently used goes first when the cache is full: a hit moves to the end.
        entries.delete(entry);
        entries.set(entry, hit);
        return hit.info;
      }
      const pending = load(id, quality);
      const record = { at: now, info: pending };
      entries.delete(entry);
      entries.set(entry, record);
      // Only what exists is remembered; a failure or a miss is asked again next time.
      pending.then(
        (info) => {
          if (!info && entries.get(entry) === record) entries.delete(entry);
        },
        () => {
          if (entries.get(entry) === record) entries.delete(entry);
        },
      );
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      return pending;
    },
    /** For tests and the benchmark: how many tracks are held. */
    get size() {
      return entries.size;
    },
  };
}

export type StreamCache = ReturnType<typeof createStreamCache>;
