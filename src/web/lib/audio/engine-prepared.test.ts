import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStorage } from '../stub-storage';
import { AudioEngine, LOAD_TIMEOUT_MS } from './engine';
import { FakeAudio, startPlaying, track } from './test-support';

let a: FakeAudio;
let b: FakeAudio;
let engine: AudioEngine;

beforeEach(() => {
  vi.useFakeTimers();
  stubStorage();
  a = new FakeAudio();
  b = new FakeAudio();
  engine = new AudioEngine();
  engine.attach(a as unknown as HTMLAudioElement, b as unknown as HTMLAudioElement);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const speaking = () => (a.getAttribute('data-testid') === 'player-audio' ? a : b);

describe('the next track, prepared while the current one plays (issue 4)', () => {
  it('loads the next track of the queue into the second element once the current one plays', async () => {
    engine.adoptCatalogue([track(1), track(2), track(3)]);
    engine.setRate(1.5);
    expect(b.getAttribute('src')).toBeNull();
    await startPlaying(a);
    expect(b.getAttribute('src')).toBe('/api/stream/2');
    expect(b.loads).toBe(1);
    expect(b.paused).toBe(true);
    expect(b.playbackRate).toBe(1.5);
    expect(b.getAttribute('data-testid')).toBe('player-audio-next');
  });

  it('next swaps the elements and plays the prepared track at once, without the 50 ms load; the old one stops and is cleared (L-4.2-01)', async () => {
    engine.adoptCatalogue([track(1), track(2), track(3)]);
    await startPlaying(a);
    b.becomeReady();
    engine.next();
    expect(a.paused).toBe(true);
    expect(a.getAttribute('src')).toBeNull();
    expect(speaking()).toBe(b);
    expect(b.getAttribute('src')).toBe('/api/stream/2');
    expect(b.paused).toBe(false);
    expect(engine.getSnapshot()).toMatchObject({ index: 1, isReady: true, direction: 'next' });
    expect(engine.getSnapshot().track?.id).toBe(2);
    b.emit('playing');
    expect(engine.getSnapshot().isPlaying).toBe(true);
    // The element that spoke before now prepares the track after.
    expect(a.getAttribute('src')).toBe('/api/stream/3');
    expect(a.getAttribute('data-testid')).toBe('player-audio-next');
  });

  it('a prepared track still loading becomes ready when its own canplay comes', async () => {
    engine.adoptCatalogue([track(1), track(2)]);
    await startPlaying(a);
    engine.next();
    expect(engine.getSnapshot().isReady).toBe(false);
    b.becomeReady();
    expect(engine.getSnapshot().isReady).toBe(true);
  });

  it('the events of the preparing element never change what the player shows', async () => {
    engine.adoptCatalogue([track(1), track(2)]);
    await startPlaying(a);
    const before = engine.getSnapshot();
    for (const type of ['loadstart', 'emptied', 'play', 'pause', 'playing', 'timeupdate', 'ended', 'waiting', 'canplay']) b.emit(type);
    expect(engine.getSnapshot()).toBe(before);
  });

  it('a track that was not prepared keeps the 50 ms load (previous)', async () => {
    engine.adoptCatalogue([track(1), track(2), track(3)]);
    await startPlaying(a);
    engine.previous();
    expect(speaking()).toBe(a);
    expect(a.getAttribute('src')).toBeNull();
    await vi.advanceTimersByTimeAsync(49);
    expect(a.getAttribute('src')).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(a.getAttribute('src')).toBe('/api/stream/3');
    expect(a.paused).toBe(false);
  });

  it('the end of a track plays the prepared next one 500 ms later (L-4.2-03)', async () => {
    engine.adoptCatalogue([track(1), track(2), track(3)]);
    await startPlaying(a);
    b.becomeReady();
    a.finish();
    await vi.advanceTimersByTimeAsync(499);
    expect(engine.getSnapshot().track?.id).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(engine.getSnapshot().track?.id).toBe(2);
    expect(speaking()).toBe(b);
    expect(b.paused).toBe(false);
  });

  it('a failed preparation is dropped: next loads the track the usual way, and the player shows no error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    engine.adoptCatalogue([track(1), track(2)]);
    await startPlaying(a);
    b.error = { code: 4, message: 'not found' };
    b.emit('error');
    expect(engine.getSnapshot().error).toBeNull();
    expect(b.getAttribute('src')).toBeNull();
    a.emit('playing'); // playing again does not try the broken track over and over
    expect(b.getAttribute('src')).toBeNull();
    engine.next();
    expect(speaking()).toBe(a);
    await vi.advanceTimersByTimeAsync(50);
    expect(a.getAttribute('src')).toBe('/api/stream/2');
  });

  it('a changed queue prepares its own next track', async () => {
    engine.adoptCatalogue([track(1), track(2), track(3)]);
    await startPlaying(a);
    engine.playPlaylist({ id: 1, name: 'p' }, [track(1), track(3)]);
    await startPlaying(a);
    expect(b.getAttribute('src')).toBe('/api/stream/3');
  });

  it('a catalogue arriving again in a new order prepares the new next track', async () => {
    engine.adoptCatalogue([track(1), track(2), track(3)]);
    await startPlaying(a);
    expect(b.getAttribute('src')).toBe('/api/stream/2');
    engine.adoptCatalogue([track(1), track(3), track(2)]);
    expect(b.getAttribute('src')).toBe('/api/stream/3');
    b.becomeReady();
    engine.next();
    expect(speaking()).toBe(b);
    expect(engine.getSnapshot().track?.id).toBe(3);
  });

  it('prepares nothing when the listener asks to save data', async () => {
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    engine.adoptCatalogue([track(1), track(2)]);
    await startPlaying(a);
    expect(b.getAttribute('src')).toBeNull();
  });
});

describe('never a stuck player (L-8-03..L-8-07)', () => {
  it('a load that never becomes ready ends as a network problem, and play loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    engine.adoptCatalogue([track(1), track(2)]);
    await vi.advanceTimersByTimeAsync(50);
    await vi.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS - 1);
    expect(engine.getSnapshot().error).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(engine.getSnapshot()).toMatchObject({
      isReady: false,
      isPlaying: false,
      error: 'ネットワークの問題で音声を読み込めませんでした',
    });
    const loadId = engine.getSnapshot().loadId;
    engine.play();
    expect(engine.getSnapshot()).toMatchObject({ loadId: loadId + 1, error: null });
    await vi.advanceTimersByTimeAsync(50);
    a.becomeReady();
    expect(a.paused).toBe(false);
  });

  it('after a media error play loads the track again, and next and previous still work', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    engine.adoptCatalogue([track(1), track(2), track(3)]);
    await startPlaying(a);
    a.error = { code: 2, message: 'network' };
    a.emit('error');
    expect(engine.getSnapshot()).toMatchObject({
      isPlaying: false,
      isReady: false,
      error: 'ネットワークの問題で音声を読み込めませんでした',
    });
    engine.play();
    expect(a.getAttribute('src')).toBeNull();
    await vi.advanceTimersByTimeAsync(50);
    expect(a.getAttribute('src')).toBe('/api/stream/1');
    a.error = { code: 4, message: 'format' };
    a.emit('error');
    expect(engine.getSnapshot().error).toBe('この音声は再生できない形式です');
    engine.previous();
    expect(engine.getSnapshot()).toMatchObject({ error: null });
    expect(engine.getSnapshot().track?.id).toBe(3);
  });

  it('autoplay blocked keeps the source: play tries again without loading', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    engine.adoptCatalogue([track(1), track(2)]);
    await vi.advanceTimersByTimeAsync(50);
    a.becomeReady();
    a.playResult = () => Promise.reject(new DOMException('blocked', 'NotAllowedError'));
    engine.play();
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.getSnapshot()).toMatchObject({ isReady: true, isPlaying: false, error: '再生ボタンを押して再生してください' });
    const loads = a.loads;
    a.playResult = async () => {
      a.paused = false;
      a.emit('play');
    };
    engine.play();
    await vi.advanceTimersByTimeAsync(0);
    expect(a.loads).toBe(loads);
    expect(a.paused).toBe(false);
  });
});

describe('interludes in the queue (#28.1, #28.2)', () => {
  const segue = (id: number) => ({ ...track(-id), title: 'つなぎ', interlude: { audioUrl: `/api/radio/segues/${id}/audio` } });

  it('#28.2: an interlude plays from its own address, is never play-counted, and one that fails is passed over for the next entry', async () => {
    const counted: number[] = [];
    const reported: number[] = [];
    engine.setHooks({ onPlayCounted: (id) => counted.push(id), onListened: (r) => reported.push(r.trackId) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    engine.playPlaylist({ id: -28, name: 'あと5分の番組' }, [track(1), segue(5), { ...track(2), fromStart: true }], 1);
    await startPlaying(a);
    expect(speaking().getAttribute('src')).toBe('/api/radio/segues/5/audio');
    await vi.advanceTimersByTimeAsync(4000);
    expect(counted).toEqual([]);
    speaking().error = { code: 4, message: 'not found' };
    speaking().emit('error');
    await vi.advanceTimersByTimeAsync(50);
    expect(engine.getSnapshot().track?.id).toBe(2);
    expect(speaking().getAttribute('src')).toBe('/api/stream/2');
    expect(reported).toEqual([]);
  });

  it('#40.2: a segue not ready in time plays its short spoken bridge at its place, then the programme goes on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const late = { ...segue(6), interlude: { audioUrl: '/api/radio/segues/6/audio', fallbackUrl: '/api/radio/segues/1/audio' } };
    engine.playPlaylist({ id: -28, name: 'あと5分の番組' }, [track(1), late, { ...track(2), fromStart: true }], 1);
    await startPlaying(a);
    expect(speaking().getAttribute('src')).toBe('/api/radio/segues/6/audio');
    speaking().error = { code: 4, message: 'not found' };
    speaking().emit('error');
    await vi.advanceTimersByTimeAsync(50);
    expect([engine.getSnapshot().track?.id, speaking().getAttribute('src')]).toEqual([-6, '/api/radio/segues/1/audio']);
    speaking().emit('ended');
    await vi.advanceTimersByTimeAsync(1000);
    expect(engine.getSnapshot().track?.id).toBe(2);
  });
});
