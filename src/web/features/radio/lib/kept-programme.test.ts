import { STORAGE_KEYS } from '@shared/constants';
import { PROGRAMME_KEPT_MS } from '@shared/rules/programme';
import type { Programme } from '@shared/schemas/radio';
import { AudioEngine } from '@web/lib/audio/engine';
import { FakeAudio, track } from '@web/lib/audio/test-support';
import { stubStorage } from '@web/lib/stub-storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepSeguesOffline, keptProgramme, restoreProgramme, watchProgramme } from './kept-programme';
import { programmeQueue, programmeRef } from './programme-queue';

const programme: Programme = {
  minutes: 5,
  totalSeconds: 130,
  items: [
    {
      kind: 'segue',
      seconds: 12,
      audioUrl: '/api/radio/segues/2/audio',
      segueId: 2,
      title: 'オープニング',
      fallbackUrl: '/api/radio/segues/1/audio',
    },
    { kind: 'track', seconds: 50, audioUrl: '/api/stream/7', trackId: 7, track: track(7) },
    {
      kind: 'segue',
      seconds: 8,
      audioUrl: '/api/radio/segues/3/audio',
      segueId: 3,
      title: 'つなぎ',
      fallbackUrl: '/api/radio/segues/9/audio',
    },
    { kind: 'track', seconds: 52, audioUrl: '/api/stream/9', trackId: 9, track: track(9) },
    {
      kind: 'segue',
      seconds: 8,
      audioUrl: '/api/radio/segues/4/audio',
      segueId: 4,
      title: 'クロージング',
      fallbackUrl: '/api/radio/segues/9/audio',
    },
  ],
};

let stored: Record<string, string>;
const started: AudioEngine[] = [];
function newEngine() {
  const el = new FakeAudio();
  const engine = new AudioEngine();
  engine.attach(el as unknown as HTMLAudioElement);
  started.push(engine);
  return { engine, el };
}

beforeEach(() => {
  vi.useFakeTimers();
  stored = stubStorage();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a programme survives a reload (#40.2)', () => {
  it('#40.2: the queue, the entry and the position come back after a reload, cued, for the same member only', async () => {
    const before = newEngine();
    const stop = watchProgramme(before.engine, 'u-1');
    before.engine.playPlaylist(programmeRef('あと5分の番組'), programmeQueue(programme), 0);
    await vi.advanceTimersByTimeAsync(50);
    before.engine.next();
    await vi.advanceTimersByTimeAsync(50);
    before.el.becomeReady(50);
    before.el.currentTime = 21.4;
    before.el.emit('timeupdate');
    stop();
    expect(JSON.parse(stored[STORAGE_KEYS.programme])).toMatchObject({ userId: 'u-1', index: 1, at: 21.4, name: 'あと5分の番組' });

    // The reload: a new engine and element.
    const after = newEngine();
    expect(keptProgramme('u-2')).toBe(null);
    const kept = keptProgramme('u-1');
    expect(kept?.queue.map((e) => e.id)).toEqual([-2, 7, -3, 9, -4]);
    restoreProgramme(after.engine, kept as NonNullable<typeof kept>);
    await vi.advanceTimersByTimeAsync(50);
    expect(after.engine.getSnapshot()).toMatchObject({ index: 1, playlist: { id: -28, name: 'あと5分の番組' }, isPlaying: false });
    expect(after.engine.getSnapshot().queue[2].interlude).toEqual({
      audioUrl: '/api/radio/segues/3/audio',
      fallbackUrl: '/api/radio/segues/9/audio',
    });
    expect(after.el.getAttribute('src')).toBe('/api/stream/7');
    after.el.becomeReady(50);
    expect(after.el.currentTime).toBe(21.4);
    expect(after.el.paused).toBe(true);
  });

  it('#38.4 a kept value that is not JSON or not a programme is no kept programme, never a throw', () => {
    const good = { userId: 'u-1', name: '番組', queue: [{ id: 7, title: 't' }], index: 0, at: 3, savedAt: Date.now() };
    stored[STORAGE_KEYS.programme] = JSON.stringify(good);
    expect(keptProgramme('u-1')).toEqual(good);
    const bad = [
      '{not json',
      'null',
      '[1]',
      '"番組"',
      JSON.stringify({ ...good, userId: 1 }),
      JSON.stringify({ ...good, queue: [] }),
      JSON.stringify({ ...good, queue: [null] }),
      JSON.stringify({ ...good, queue: [{ id: '7' }] }),
      JSON.stringify({ ...good, index: 1 }),
      JSON.stringify({ ...good, at: '3' }),
      JSON.stringify({ ...good, savedAt: undefined }),
    ];
    for (const raw of bad) {
      stored[STORAGE_KEYS.programme] = raw;
      expect(keptProgramme('u-1')).toBe(null);
    }
  });

  it('#40.2: it is dropped when another queue takes its place, and not taken back when too old', async () => {
    const { engine } = newEngine();
    const stop = watchProgramme(engine, 'u-1');
    engine.playPlaylist(programmeRef('あと5分の番組'), programmeQueue(programme), 0);
    await vi.advanceTimersByTimeAsync(50);
    const savedAt = JSON.parse(stored[STORAGE_KEYS.programme]).savedAt as number;
    expect(keptProgramme('u-1', savedAt + PROGRAMME_KEPT_MS)?.index).toBe(0);
    expect(keptProgramme('u-1', savedAt + PROGRAMME_KEPT_MS + 1)).toBe(null);
    expect(stored[STORAGE_KEYS.programme]).toBe(undefined);
    engine.next();
    await vi.advanceTimersByTimeAsync(50);
    expect(JSON.parse(stored[STORAGE_KEYS.programme]).index).toBe(1);
    engine.playTrack(track(30), { autoplay: true });
    await vi.advanceTimersByTimeAsync(50);
    stop();
    expect(stored[STORAGE_KEYS.programme]).toBe(undefined);
  });
});

describe("segues kept offline with the programme's kept tracks (#40.2)", () => {
  it('#40.2: the talks (and their bridges) between kept tracks are kept; one not made yet is tried again next time; others never', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const queue = programmeQueue(programme);
    const asked: number[] = [];
    let ready = false;
    const offline = {
      keptTrackIds: () => new Set([7, 9]),
      keepSegue: async (id: number) => {
        asked.push(id);
        if (id === 4 && !ready) throw new Error('the segue answered 404');
      },
    };
    const done = new Set<number>();
    await keepSeguesOffline(queue, offline, done);
    expect(asked).toEqual([2, 1, 3, 9, 4]);
    expect([...done].sort((a, b) => a - b)).toEqual([1, 2, 3, 9]);
    ready = true;
    await keepSeguesOffline(queue, offline, done);
    expect(asked).toEqual([2, 1, 3, 9, 4, 4]);
    // With only the first track kept: the opening and its bridge only.
    const few: number[] = [];
    await keepSeguesOffline(queue, { keptTrackIds: () => new Set([7]), keepSegue: async (id) => void few.push(id) }, new Set());
    expect(few).toEqual([2, 1]);
  });
});
