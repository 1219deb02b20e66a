import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { TrackListSchema } from '../../../shared/schemas/track';
import type { Db } from '../../db/client';
import { onTrackChange } from './changes';
import { invalidateRanking, listVisibleTracks } from './service';

/**
 * The catalogue's default page (GET /api/tracks without paging), the first request of every
 * listener: built once and kept as its serialised bytes with an ETag, so a request costs a lookup and
 * a write. A track shown, hidden, added or deleted rebuilds it at once (on every instance); counters
 * (plays, likes, impressions) move it at most every few seconds, like the ranking.
 */
export interface CataloguePage {
  /** The JSON as UTF-8 bytes: sent as they are, with no encoding of a long Japanese string per request. */
  body: Buffer;
  etag: string;
  /** The body compressed once per build, for listeners that accept it (brotli, gzip). */
  br: Buffer;
  gzip: Buffer;
}
const PAGE_TTL_MS = 5_000;
const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const pageCache = new WeakMap<object, { page: Promise<CataloguePage>; at: number; ready: boolean; refreshing?: boolean }>();

async function buildPage(db: Db): Promise<CataloguePage> {
  const list = await listVisibleTracks(db);
  // The one schema validates the page once per build, not once per request.
  const json = JSON.stringify(TrackListSchema.parse(list));
  const body = Buffer.from(json);
  // Compressed on libuv's thread pool, not on the event loop (issue 27.3).
  const [br, gzip] = await Promise.all([
    brotliCompressAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } }),
    gzipAsync(body, { level: 6 }),
  ]);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`, br, gzip };
}

function keep(db: Db, page: Promise<CataloguePage>) {
  const entry = { page, at: Date.now(), ready: false };
  pageCache.set(db, entry);
  page.then(
    () => {
      entry.ready = true;
    },
    () => {
      if (pageCache.get(db) === entry) pageCache.delete(db);
    },
  );
  return entry;
}

/** Forget the cached ranking and catalogue page of this database handle (this instance only). */
export function invalidateCatalogue(db: Db) {
  invalidateRanking(db);
  pageCache.delete(db);
}

const watched = new WeakSet<object>();
/** A track shown, hidden, added or deleted drops the page at once (every instance hears the change). */
function watchChanges(db: Db) {
  if (watched.has(db)) return;
  watched.add(db);
  onTrackChange(db, () => pageCache.delete(db));
}

export function defaultCataloguePage(db: Db): Promise<CataloguePage> {
  watchChanges(db);
  const hit = pageCache.get(db);
  if (hit && Date.now() - hit.at < PAGE_TTL_MS) return hit.page;
  // Only counters can have moved since (a change of what is shown drops the entry at once): the page
  // that is there keeps answering while one rebuild runs, so no listener waits for it.
  if (hit?.ready) {
    if (!hit.refreshing) {
      hit.refreshing = true;
      const next = buildPage(db);
      next.then(
        () => {
          if (pageCache.get(db) === hit) keep(db, next);
        },
        () => {
          hit.refreshing = false;
        },
      );
    }
    return hit.page;
  }
  return keep(db, buildPage(db)).page;
}
