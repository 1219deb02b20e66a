import { STORAGE_KEYS } from '@shared/constants';
import { PROGRAMME_KEPT_MS } from '@shared/rules/programme';
import type { AudioEngine, PlayerSnapshot, QueueTrack } from '@web/lib/audio/engine';
import { isRecord, readJson } from '@web/lib/json';
import { readStored, removeStored, writeStored } from '@web/lib/storage';
import { PROGRAMME_QUEUE_ID } from './programme-queue';

/**
 * A programme survives a reload (#40.2): while one plays, its queue, its entry and the position in it
 * are kept in localStorage for the member who asked for it; after a reload the same member finds it
 * cued where it was (play resumes it). It goes when the programme ends or another queue takes its place,
 * and is not taken back after PROGRAMME_KEPT_MS.
 */
export interface KeptProgramme {
  userId: string;
  name: string;
  queue: QueueTrack[];
  index: number;
  at: number;
  savedAt: number;
}

/** The position is saved each time it moves by this many seconds (and at each entry, pause and end). */
const SAVE_EVERY_SECONDS = 5;

/** A kept programme as stored by keepFrom, or null for anything else (issue 38.4: a checked read). */
export function asKeptProgramme(v: unknown): KeptProgramme | null {
  if (!isRecord(v) || typeof v.userId !== 'string' || typeof v.name !== 'string') return null;
  const { queue, index, at, savedAt } = v;
  if (!Array.isArray(queue) || queue.length === 0 || !queue.every((e) => isRecord(e) && typeof e.id === 'number')) return null;
  if (typeof index !== 'number' || index < 0 || index >= queue.length) return null;
  if (typeof at !== 'number' || typeof savedAt !== 'number') return null;
  return { userId: v.userId, name: v.name, queue: queue as QueueTrack[], index, at, savedAt };
}

const read = () => readJson(readStored('local', STORAGE_KEYS.programme), asKeptProgramme);

/** The kept programme of this member, if it is recent enough; null otherwise (and an old one is dropped). */
export function keptProgramme(userId: string, now = Date.now()): KeptProgramme | null {
  const kept = read();
  if (!kept) return null;
  if (now - kept.savedAt > PROGRAMME_KEPT_MS) {
    removeStored('local', STORAGE_KEYS.programme);
    return null;
  }
  return kept.userId === userId ? kept : null;
}

/** What the player's state means for the kept programme: saved, dropped, or left as it is. */
export function keepFrom(s: PlayerSnapshot, userId: string, now = Date.now()) {
  if (s.playlist?.id !== PROGRAMME_QUEUE_ID) {
    // Another queue took its place; a player with nothing loaded yet (the page starting) changes nothing.
    if (s.track) removeStored('local', STORAGE_KEYS.programme);
    return;
  }
  const last = s.index === s.queue.length - 1;
  const ended = last && !s.isPlaying && s.duration > 0 && s.currentTime >= s.duration - 0.5;
  if (ended) {
    removeStored('local', STORAGE_KEYS.programme);
    return;
  }
  const queue = s.queue.map(({ startAt: _startAt, ...entry }) => entry);
  const kept: KeptProgramme = { userId, name: s.playlist.name, queue, index: s.index, at: s.currentTime, savedAt: now };
  writeStored('local', STORAGE_KEYS.programme, JSON.stringify(kept));
}

/** Cues a kept programme where it was: its entry, at its position, waiting for play. */
export function restoreProgramme(engine: AudioEngine, kept: KeptProgramme) {
  const queue = kept.queue.map((entry, i) => (i === kept.index && kept.at > 1 ? { ...entry, startAt: kept.at } : entry));
  engine.playPlaylist({ id: PROGRAMME_QUEUE_ID, name: kept.name }, queue, kept.index, { autoplay: false });
}

/**
 * Keeps the programme while the player plays it: saved when the entry changes, playback starts or
 * stops, and every few seconds of position. Answers the unsubscribe.
 */
export function watchProgramme(engine: AudioEngine, userId: string): () => void {
  let last = '';
  const save = () => {
    const s = engine.getSnapshot();
    const mark = `${s.playlist?.id}|${s.track?.id}|${s.index}|${s.isPlaying}|${Math.floor(s.currentTime / SAVE_EVERY_SECONDS)}`;
    if (mark === last) return;
    last = mark;
    keepFrom(s, userId);
  };
  return engine.subscribe(save);
}

/** What the app hands the radio of the offline keeping (premium's): the kept tracks, and keeping a segue. */
export interface ProgrammeOffline {
  keptTrackIds: () => ReadonlySet<number>;
  keepSegue: (segueId: number) => Promise<void>;
}

const segueIdOf = (url: string | undefined) => {
  const m = url ? /^\/api\/radio\/segues\/(\d+)\/audio$/.exec(url) : null;
  return m ? Number(m[1]) : null;
};

/**
 * The segues of a programme kept offline with its kept tracks (#40.2): each talk whose tracks on either
 * side are all kept (the opening: the first track; the closing: the last), and its bridge, so the
 * programme plays through with the network cut as far as its tracks do. `done` holds what is kept
 * already; one not made yet (the worker's fetch fails) is tried again at the next call.
 */
export async function keepSeguesOffline(queue: readonly QueueTrack[], offline: ProgrammeOffline, done: Set<number>): Promise<void> {
  const kept = offline.keptTrackIds();
  const wanted: number[] = [];
  queue.forEach((entry, i) => {
    if (!entry.interlude) return;
    const around = [queue[i - 1], queue[i + 1]].filter((e): e is QueueTrack => Boolean(e) && !e.interlude);
    if (around.length === 0 || !around.every((t) => kept.has(t.id))) return;
    for (const id of [segueIdOf(entry.interlude.audioUrl), segueIdOf(entry.interlude.fallbackUrl)]) {
      if (id !== null && !done.has(id) && !wanted.includes(id)) wanted.push(id);
    }
  });
  for (const id of wanted) {
    try {
      await offline.keepSegue(id);
      done.add(id);
    } catch (e) {
      console.error('[offline] segue not kept', e);
    }
  }
}
