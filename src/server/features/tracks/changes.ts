import { type Database, type Db, notifyChannel } from '../../db/client';

/** The NOTIFY channel on which every instance hears that a track changed (payload: its id, or `*`). */
export const TRACKS_CHANNEL = 'mugen_tracks';

type Listener = (id: number | null) => void;
const listeners = new WeakMap<object, Set<Listener>>();

/**
 * Caches that hold what a track is (its stream metadata, the catalogue page) subscribe here for their
 * database handle. `id` null means "any track" (a new one, or many at once).
 */
export function onTrackChange(db: Db, fn: Listener): () => void {
  const set = listeners.get(db) ?? new Set<Listener>();
  listeners.set(db, set);
  set.add(fn);
  return () => set.delete(fn);
}

function fire(db: Db, id: number | null) {
  for (const fn of listeners.get(db) ?? []) fn(id);
}

/**
 * A track's visibility, audio or existence changed (or, with null, a track was added): this instance
 * forgets what it cached at once, and every other instance on the same PostgreSQL hears it by NOTIFY.
 * Call it after the change is committed.
 */
export async function trackChanged(db: Db, id: number | null): Promise<void> {
  fire(db, id);
  await notifyChannel(db, TRACKS_CHANNEL, id === null ? '*' : String(id)).catch(() => {});
}

/** Relays other instances' track changes to this instance's caches; answers the unsubscribe function. */
export function relayTrackChanges(database: Database): Promise<() => Promise<void>> {
  return database.listen(TRACKS_CHANNEL, (payload) => {
    const id = payload === '*' ? null : Number(payload);
    fire(database.db, Number.isInteger(id) ? id : null);
  });
}
