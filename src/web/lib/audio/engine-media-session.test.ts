import type { Track } from '@shared/schemas/track';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStorage } from '../stub-storage';
import { AudioEngine } from './engine';
import { FakeAudio, startPlaying, track } from './test-support';

type Handler = ((details: { action: string; seekTime?: number; seekOffset?: number }) => void) | null;

/** navigator.mediaSession as a browser gives it: metadata, playback state, position, action handlers. */
class FakeMediaSession {
  metadata: unknown = null;
  playbackState = 'none';
  handlers = new Map<string, Handler>();
  positions: unknown[] = [];
  constructor(private readonly unsupported: string[] = []) {}
  setActionHandler(action: string, handler: Handler) {
    if (this.unsupported.includes(action)) throw new TypeError(`${action} is not a valid MediaSessionAction`);
    this.handlers.set(action, handler);
  }
  setPositionState(state: { duration: number; position: number; playbackRate: number }) {
    if (state.position > state.duration || state.playbackRate === 0) throw new TypeError('invalid');
    this.positions.push(state);
  }
  act(action: string, details: { seekTime?: number; seekOffset?: number } = {}) {
    const h = this.handlers.get(action);
    if (!h) throw new Error(`no handler for ${action}`);
    h({ action, ...details });
  }
}

let el: FakeAudio;
let engine: AudioEngine;
let ms: FakeMediaSession;
let detach: () => void;

function setUp(session: FakeMediaSession | null) {
  ms = session as FakeMediaSession;
  vi.stubGlobal('navigator', session ? { mediaSession: session } : {});
  vi.stubGlobal(
    'MediaMetadata',
    class {
      constructor(init: object) {
        Object.assign(this, init);
      }
    },
  );
  el = new FakeAudio();
  engine = new AudioEngine();
  detach = engine.attach(el as unknown as HTMLAudioElement);
}

beforeEach(() => {
  vi.useFakeTimers();
  stubStorage();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const posted = (t: Partial<Track>) => ({ ...track(1), ...t });

describe('Media Session: the lock screen and headset buttons (issue 4)', () => {
  it('shows the title, the poster and the app icons as artwork for an emoji poster', () => {
    setUp(new FakeMediaSession());
    engine.adoptCatalogue([posted({ title: '朝のニュース', posterName: '無限', posterPicture: '∞' }), track(2)]);
    expect(ms.metadata).toMatchObject({
      title: '朝のニュース',
      artist: '無限',
      artwork: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      ],
    });
  });

  it("uses the poster's picture when it is an image, and 無限 when the poster has no name", () => {
    setUp(new FakeMediaSession());
    engine.adoptCatalogue([posted({ posterName: null, posterPicture: '/uploads/profile/u1-0123456789ab.webp' })]);
    expect(ms.metadata).toMatchObject({ artist: '無限', artwork: [{ src: '/uploads/profile/u1-0123456789ab.webp' }] });
    engine.playTrack(posted({ id: 9, title: '別', posterName: '花子', posterPicture: '/uploads/profile/u2-0123456789ab.webp' }), {
      autoplay: false,
    });
    expect(ms.metadata).toMatchObject({ title: '別', artist: '花子', artwork: [{ src: '/uploads/profile/u2-0123456789ab.webp' }] });
  });

  it('tells the playback state and the position (duration, rate, position)', async () => {
    setUp(new FakeMediaSession());
    engine.adoptCatalogue([track(1), track(2)]);
    await startPlaying(el);
    expect(ms.playbackState).toBe('playing');
    expect(ms.positions.at(-1)).toEqual({ duration: 60, position: 0, playbackRate: 1 });
    engine.setRate(1.5);
    expect(ms.positions.at(-1)).toEqual({ duration: 60, position: 0, playbackRate: 1.5 });
    engine.seek(0.5);
    expect(ms.positions.at(-1)).toEqual({ duration: 60, position: 30, playbackRate: 1.5 });
    el.pause();
    expect(ms.playbackState).toBe('paused');
  });

  it('play, pause, next, previous, seek to, skip ±10 s and stop act on the player', async () => {
    setUp(new FakeMediaSession());
    engine.adoptCatalogue([track(1), track(2), track(3)]);
    await startPlaying(el);
    ms.act('pause');
    expect(el.paused).toBe(true);
    ms.act('play');
    await vi.advanceTimersByTimeAsync(0);
    expect(el.paused).toBe(false);
    ms.act('seekto', { seekTime: 30 });
    expect(el.currentTime).toBe(30);
    ms.act('seekforward');
    expect(el.currentTime).toBe(40);
    ms.act('seekbackward', { seekOffset: 5 });
    expect(el.currentTime).toBe(35);
    ms.act('seekto', { seekTime: 500 });
    expect(el.currentTime).toBe(60);
    ms.act('seekto', { seekTime: 3 });
    ms.act('seekbackward');
    expect(el.currentTime).toBe(0);
    ms.act('stop');
    expect(el.paused).toBe(true);
    expect(el.currentTime).toBe(0);
    ms.act('nexttrack');
    expect(engine.getSnapshot().track?.id).toBe(2);
    ms.act('previoustrack');
    ms.act('previoustrack');
    expect(engine.getSnapshot().track?.id).toBe(3);
  });

  it('skips actions the browser does not know, and removes its handlers when detached', () => {
    setUp(new FakeMediaSession(['stop', 'seekto']));
    expect([...ms.handlers.keys()].sort()).toEqual(['nexttrack', 'pause', 'play', 'previoustrack', 'seekbackward', 'seekforward']);
    detach();
    expect([...ms.handlers.values()].every((h) => h === null)).toBe(true);
  });

  it('works without the Media Session API', async () => {
    setUp(null);
    engine.adoptCatalogue([track(1), track(2)]);
    await startPlaying(el);
    engine.next();
    expect(engine.getSnapshot().track?.id).toBe(2);
  });
});
