import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStorage } from '../stub-storage';
import { AudioEngine } from './engine';
import { FakeAudio, track } from './test-support';

let stored: Record<string, string>;
let el: FakeAudio;
let engine: AudioEngine;
let counted: number[];

beforeEach(() => {
  vi.useFakeTimers();
  stored = stubStorage();
  el = new FakeAudio();
  engine = new AudioEngine();
  counted = [];
  engine.setHooks({ onPlayCounted: (id) => counted.push(id) });
  engine.attach(el as unknown as HTMLAudioElement);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Loads the catalogue [1, 2, 3] and plays the first track until it is playing. */
async function playing() {
  engine.adoptCatalogue([track(1), track(2), track(3)]);
  await vi.advanceTimersByTimeAsync(50);
  el.becomeReady();
  engine.play();
  await vi.advanceTimersByTimeAsync(0);
  el.emit('playing');
}

describe('AudioEngine', () => {
  it('starts with the first track cued, not playing, and not ready until the audio can play (L-4.2-08, L-2.5-02)', async () => {
    engine.adoptCatalogue([track(5), track(6)]);
    expect(engine.getSnapshot().track?.id).toBe(5);
    expect(el.getAttribute('src')).toBeNull();
    await vi.advanceTimersByTimeAsync(49);
    expect(el.getAttribute('src')).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(el.getAttribute('src')).toBe('/api/stream/5');
    expect(el.paused).toBe(true);
    expect(engine.getSnapshot().isReady).toBe(false);
    el.becomeReady(61.5);
    expect(engine.getSnapshot()).toMatchObject({ isReady: true, duration: 61.5, isPlaying: false });
  });

  it('#24.11 does not play premium-only content the app refuses (it opens /premium), and plays it when allowed', async () => {
    await playing();
    const locked = { ...track(9), isPremiumOnly: true };
    const asked: number[] = [];
    let allowed = false;
    engine.setHooks({
      premiumRequired: (t) => {
        if (allowed) return false;
        asked.push(t.id);
        return true;
      },
    });
    engine.playTrack(locked, { autoplay: true });
    await vi.advanceTimersByTimeAsync(50);
    expect(asked).toEqual([9]);
    expect(engine.getSnapshot().track?.id).toBe(1);
    expect(el.getAttribute('src')).toBe('/api/stream/1');
    // Another track is not asked about.
    engine.playTrack(track(2), { autoplay: true });
    expect(asked).toEqual([9]);
    expect(engine.getSnapshot().track?.id).toBe(2);
    allowed = true;
    engine.playTrack(locked, { autoplay: true });
    expect(engine.getSnapshot().track?.id).toBe(9);
  });

  it('picks track 74 when there is one, and a requested id first (L-4.2-07, L-2.1-02)', () => {
    engine.adoptCatalogue([track(1), track(74), track(3)]);
    expect(engine.getSnapshot().track?.id).toBe(74);
    const other = new AudioEngine();
    other.adoptCatalogue([track(1), track(74), track(3)], 3);
    expect(other.getSnapshot().track?.id).toBe(3);
  });

  it('selecting a track stops the current one and clears the source at once, then loads and plays 50 ms later (L-4.2-01, L-4.2-02)', async () => {
    await playing();
    engine.next();
    expect(el.paused).toBe(true);
    expect(el.getAttribute('src')).toBeNull();
    expect(engine.getSnapshot()).toMatchObject({ isPlaying: false, isReady: false, direction: 'next' });
    await vi.advanceTimersByTimeAsync(50);
    expect(el.getAttribute('src')).toBe('/api/stream/2');
    expect(el.paused).toBe(false);
  });

  it('wraps next and previous (L-4.2-04, L-4.2-05)', async () => {
    engine.adoptCatalogue([track(1), track(2), track(3)]);
    engine.previous();
    expect(engine.getSnapshot().track?.id).toBe(3);
    engine.next();
    expect(engine.getSnapshot().track?.id).toBe(1);
  });

  it('#40.2: moving on into premium-only content a free listener may not hear opens /premium, with no playback error', async () => {
    const asked: number[] = [];
    engine.setHooks({
      premiumRequired: (t) => {
        asked.push(t.id);
        return true;
      },
    });
    engine.adoptCatalogue([track(1), { ...track(2), isPremiumOnly: true }, track(3)]);
    await vi.advanceTimersByTimeAsync(50);
    el.becomeReady();
    engine.play();
    await vi.advanceTimersByTimeAsync(0);
    el.emit('playing');
    el.paused = true;
    el.emit('ended');
    await vi.advanceTimersByTimeAsync(600);
    expect(asked).toEqual([2]);
    expect(engine.getSnapshot()).toMatchObject({ error: null, track: { id: 1 } });
    expect(el.getAttribute('src')).toBe('/api/stream/1');
    // The next button the same way.
    engine.next();
    expect(asked).toEqual([2, 2]);
    expect(engine.getSnapshot().track?.id).toBe(1);
  });

  it('plays the next track 500 ms after the end, and the first after the last (L-4.2-03)', async () => {
    await playing();
    engine.previous(); // the last track
    await vi.advanceTimersByTimeAsync(50);
    el.becomeReady();
    el.emit('playing');
    el.paused = true;
    el.emit('ended');
    await vi.advanceTimersByTimeAsync(499);
    expect(engine.getSnapshot().track?.id).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(engine.getSnapshot().track?.id).toBe(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(el.paused).toBe(false);
  });

  it('counts a play once per load after 3 s of continuous playing; a pause starts the 3 s again (L-4.2-11)', async () => {
    await playing();
    await vi.advanceTimersByTimeAsync(2000);
    el.pause();
    await vi.advanceTimersByTimeAsync(5000);
    expect(counted).toEqual([]);
    el.paused = false;
    el.emit('play');
    el.emit('playing');
    await vi.advanceTimersByTimeAsync(2999);
    expect(counted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(counted).toEqual([1]);
    el.pause();
    el.paused = false;
    el.emit('playing');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(counted).toEqual([1]);
  });

  it('a new load of the same track is a new play', async () => {
    await playing();
    await vi.advanceTimersByTimeAsync(3000);
    engine.retry();
    await vi.advanceTimersByTimeAsync(50);
    el.becomeReady();
    el.emit('playing');
    await vi.advanceTimersByTimeAsync(3000);
    expect(counted).toEqual([1, 1]);
  });

  it('cycles the speed, applies it to the element and keeps it (L-4.2-09, L-3-23)', () => {
    const chosen: number[] = [];
    engine.setHooks({ onRateChosen: (r) => chosen.push(r) });
    for (const rate of [1.25, 1.5, 2, 1]) {
      engine.cycleRate();
      expect(el.playbackRate).toBe(rate);
      expect(stored.mugen_playback_rate).toBe(String(rate));
    }
    expect(chosen).toEqual([1.25, 1.5, 2, 1]);
    stored.mugen_playback_rate = '1.5';
    expect(new AudioEngine().getSnapshot().rate).toBe(1.5);
  });

  it('lets decideRate change a chosen speed before it applies (the 2x rule)', () => {
    const chosen: number[] = [];
    engine.setHooks({ decideRate: (r) => (r === 2 ? 1 : r), onRateChosen: (r) => chosen.push(r) });
    engine.setRate(1.5);
    engine.cycleRate();
    expect(engine.getSnapshot().rate).toBe(1);
    expect(el.playbackRate).toBe(1);
    expect(stored.mugen_playback_rate).toBe('1');
    expect(chosen).toEqual([1.5, 1]);
  });

  it('clamps a seek to the track (L-4.2-21)', async () => {
    await playing();
    engine.seek(1.7);
    expect(el.currentTime).toBe(60);
    engine.seek(-3);
    expect(el.currentTime).toBe(0);
    engine.seek(0.5);
    expect(el.currentTime).toBe(30);
  });

  it('a decode error marks the player not ready and not playing, with a message (L-8-03, L-8-04, L-8-06)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await playing();
    el.error = { code: 3, message: 'DEMUXER_ERROR' };
    el.emit('error');
    expect(engine.getSnapshot()).toMatchObject({ isReady: false, isPlaying: false, error: '音声ファイルが破損している可能性があります' });
    expect(log.mock.calls[0][0]).toMatch(/media error 3: decode failed/);
  });

  it('a refused play() leaves the player not playing (L-8-05, L-8-07)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    engine.adoptCatalogue([track(1), track(2)]);
    await vi.advanceTimersByTimeAsync(50);
    el.becomeReady();
    el.playResult = () => Promise.reject(new DOMException('blocked', 'NotAllowedError'));
    engine.play();
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.getSnapshot()).toMatchObject({ isPlaying: false, isReady: true });
    expect(log.mock.calls[0][0]).toMatch(/autoplay blocked/);
  });

  it('keeps the current track when the catalogue arrives again, and puts a track from elsewhere next', async () => {
    await playing();
    engine.adoptCatalogue([track(9), track(1), track(2)]);
    expect(engine.getSnapshot()).toMatchObject({ index: 1, isPlaying: true });
    engine.playTrack(track(42), { autoplay: false });
    expect(engine.getSnapshot().queue.map((t) => t.id)).toEqual([9, 1, 42, 2]);
    expect(engine.getSnapshot().track?.id).toBe(42);
  });

  describe('playlist mode (listener spec §4 Audio player)', () => {
    async function ends() {
      el.paused = true;
      el.emit('ended');
      await vi.advanceTimersByTimeAsync(600);
    }

    it('plays a playlist in its order and stops after the last track (L-2.9-08)', async () => {
      engine.adoptCatalogue([track(1), track(2), track(3)]);
      engine.playPlaylist({ id: 7, name: '朝' }, [track(3), track(1)]);
      expect(engine.getSnapshot()).toMatchObject({ playlist: { id: 7, name: '朝' }, index: 0 });
      expect(engine.getSnapshot().track?.id).toBe(3);
      await vi.advanceTimersByTimeAsync(50);
      expect(el.getAttribute('src')).toBe('/api/stream/3');
      el.becomeReady();
      el.emit('playing');
      await ends();
      expect(engine.getSnapshot().track?.id).toBe(1);
      await vi.advanceTimersByTimeAsync(50);
      el.becomeReady();
      el.emit('playing');
      await ends();
      await vi.advanceTimersByTimeAsync(5000);
      expect(engine.getSnapshot()).toMatchObject({ isPlaying: false, index: 1 });
      expect(engine.getSnapshot().track?.id).toBe(1);
      expect(el.getAttribute('src')).toBe('/api/stream/1');
    });

    it('keeps the playlist when the catalogue arrives again; a track from elsewhere leaves it for the catalogue', async () => {
      engine.adoptCatalogue([track(1), track(2), track(3)]);
      engine.playPlaylist({ id: 7, name: '朝' }, [track(3), track(1)], 1);
      expect(engine.getSnapshot().track?.id).toBe(1);
      engine.adoptCatalogue([track(2), track(1), track(3)]);
      expect(engine.getSnapshot().queue.map((t) => t.id)).toEqual([3, 1]);
      engine.playTrack(track(2), { autoplay: false });
      expect(engine.getSnapshot().playlist).toBeNull();
      expect(engine.getSnapshot().queue.map((t) => t.id)).toEqual([2, 1, 3]);
      expect(engine.getSnapshot().track?.id).toBe(2);
    });

    it('outside a playlist the last track still wraps to the first', async () => {
      engine.adoptCatalogue([track(1), track(2)]);
      engine.select(1, { autoplay: true });
      await vi.advanceTimersByTimeAsync(50);
      el.becomeReady();
      el.emit('playing');
      await ends();
      expect(engine.getSnapshot().track?.id).toBe(1);
    });
  });

  it('tells its listeners only about changes: a media event that changes nothing re-renders nothing', async () => {
    engine.adoptCatalogue([track(1), track(2)]);
    await vi.advanceTimersByTimeAsync(50);
    let told = 0;
    engine.subscribe(() => {
      told += 1;
    });
    const before = engine.getSnapshot();
    // Not ready and not playing already: these say nothing new.
    el.emit('emptied');
    el.emit('loadstart');
    expect(told).toBe(0);
    expect(engine.getSnapshot()).toBe(before);
    el.becomeReady();
    expect(told).toBeGreaterThan(0);
    expect(engine.getSnapshot().isReady).toBe(true);
    engine.play();
    await vi.advanceTimersByTimeAsync(0);
    el.emit('playing');
    expect(told).toBeGreaterThan(0);
    expect(engine.getSnapshot().isPlaying).toBe(true);
  });

  it('writes new counts into the current track and the queue', () => {
    engine.adoptCatalogue([track(1), track(2)]);
    engine.updateTrack(1, { likeCount: 5 });
    expect(engine.getSnapshot().track?.likeCount).toBe(5);
    expect(engine.getSnapshot().queue[0].likeCount).toBe(5);
  });
});
