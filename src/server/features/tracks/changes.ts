import { type Database, type Db, notifyChannel } from '../../db/client';

/**
 * The NOTIFY channel on which every instance hears that a track changed (payload: its id, or `new` for
 * an added track). `*` is what a listener hears after its lost connection is back: anything may have
 * changed meanwhile.
 */
export const TRACKS_CHANNEL = 'mugen_tracks';

/** A track's id; null: a track was added (nothing was cached about it); 'all': anything may have changed. */
export type TrackChange = number | null | 'all';
type Listener = (id: TrackChange) => void;
const listeners = new WeakMap<object, Set<Listener>>();

/**
 * Caches that hold what a track is (its stream metadata, the catalogue page) subscribe here for their
 * database handle.
 */
export function onTrackChange(db: Db, fn: Listener): () => void {
  const set = listeners.get(db) ?? new Set<Listener>();
  listeners.set(db, set);
  set.add(fn);
  return () => set.delete(fn);
}

function fire(db: Db, id: TrackChange) {
  for (const fn of listeners.get(db) ?? []) fn(id);
}

/**
 * A track's visibility, audio or existence changed (or, with null, a track was added): this instance
 * forgets what it cached at once, and every other instance on the same PostgreSQL hears it by NOTIFY.
 * Call it after the change is committed.
 */
export async function trackChanged(db: Db, id: number | null): Promise<void> {
  fire(db, id);
  await notifyChannel(db, TRACKS_CHANNEL, id === null ? 'new' : String(id)).catch(() => {});
}

/** Relays other instances' track changes to this instance's caches; answers the unsubscribe function. */
export function relayTrackChanges(database: Database): Promise<() => Promise<void>> {
  return database.listen(TRACKS_CHANNEL, (payload) => {
    const id = Number(payload);
    fire(database.db, payload === 'new' ? null : Number.isInteger(id) && payload !== '' ? id : 'all');
  });
}
