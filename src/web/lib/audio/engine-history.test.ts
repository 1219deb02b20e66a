import type { ListeningReport } from '@shared/rules/player-history';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStorage } from '../stub-storage';
import { AudioEngine } from './engine';
import { FakeAudio, startPlaying, track } from './test-support';

let el: FakeAudio;
let engine: AudioEngine;
let reports: { report: ListeningReport; leaving: boolean }[];
let resume: (id: number, duration: number) => Promise<number | null> | number | null;
let asked: number[];

beforeEach(() => {
  vi.useFakeTimers();
  stubStorage();
  el = new FakeAudio();
  engine = new AudioEngine();
  reports = [];
  asked = [];
  resume = () => null;
  engine.setHooks({
    onListened: (report, { leaving }) => reports.push({ report, leaving }),
    resumePosition: (id, d) => {
      asked.push(id);
      return resume(id, d);
    },
  });
  engine.attach(el as unknown as HTMLAudioElement);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('listening history (issue 4, POST /api/listening-history)', () => {
  it('a pause after some seconds records the seconds heard, not the position; a seek is not listening', async () => {
    engine.adoptCatalogue([track(1), track(2)]);
    await startPlaying(el);
    el.advance(4);
    engine.seek(0.5); // to 30 s
    el.emit('seeking');
    el.emit('seeked');
    el.advance(2);
    el.pause();
    expect(reports).toEqual([{ report: { trackId: 1, duration: 6, progressPercent: 53.33, completed: false }, leaving: false }]);
  });

  it('a pause after less than 5 s records nothing; the seconds add up to the next stretch', async () => {
    engine.adoptCatalogue([track(1), track(2)]);
    await startPlaying(el);
    el.advance(3);
    el.pause();
    expect(reports).toEqual([]);
    el.paused = false;
    el.emit('play');
    el.emit('playing');
    el.advance(3);
    el.pause();
    expect(reports.map((r) => r.report.duration)).toEqual([6]);
  });

  it('going to another track records the one left', async () => {
    engine.adoptCatalogue([track(1), track(2)]);
    await startPlaying(el);
    el.advance(12);
    engine.next();
    expect(reports).toEqual([{ report: { trackId: 1, duration: 12, progressPercent: 20, completed: false }, leaving: false }]);
  });

  it('the end of a track is recorded as completed at 100 %, once', async () => {
    engine.adoptCatalogue([track(1), track(2)]);
    await startPlaying(el);
    el.advance(10);
    engine.seek(59 / 60);
    el.emit('seeking');
    el.emit('seeked');
    el.advance(1);
    el.finish();
    expect(reports).toEqual([{ report: { trackId: 1, duration: 11, progressPercent: 100, completed: true }, leaving: false }]);
  });

  it('the page going away records the stretch with leaving set, and only once', async () => {
    engine.adoptCatalogue([track(1), track(2)]);
    await startPlaying(el);
    el.advance(7);
    engine.flushListening(true);
    engine.flushListening(true);
    expect(reports).toEqual([{ report: { trackId: 1, duration: 7, progressPercent: 11.67, completed: false }, leaving: true }]);
  });

  it('#27.7 the page going away while playing counts the seconds played since the last timeupdate', async () => {
    engine.adoptCatalogue([track(1), track(2)]);
    await startPlaying(el);
    el.advance(4.75);
    // 0.75 s more played, no timeupdate yet (a loaded machine), when the page goes.
    el.currentTime += 0.75;
    vi.advanceTimersByTime(750);
    engine.flushListening(true);
    expect(reports).toEqual([{ report: { trackId: 1, duration: 5.5, progressPercent: 9.17, completed: false }, leaving: true }]);
  });
});

describe('resume where the listener left (issue 4)', () => {
  it('a track left unfinished starts where its history says', async () => {
    resume = (id) => (id === 2 ? 28 : null);
    engine.adoptCatalogue([track(1), track(2)]);
    await startPlaying(el);
    expect(el.currentTime).toBe(0);
    engine.next();
    await startPlaying(el);
    expect(el.currentTime).toBe(28);
    expect(engine.getSnapshot().currentTime).toBe(28);
  });

  it('an answer arriving after the metadata still moves the start, unless the listener has moved', async () => {
    let answer: (v: number | null) => void = () => {};
    resume = () =>
      new Promise((r) => {
        answer = r;
      });
    engine.adoptCatalogue([track(1), track(2)]);
    await startPlaying(el);
    answer(40);
    await vi.advanceTimersByTimeAsync(0);
    expect(el.currentTime).toBe(40);

    engine.next();
    await startPlaying(el);
    engine.seek(0.25);
    answer(50);
    await vi.advanceTimersByTimeAsync(0);
    expect(el.currentTime).toBe(15);
  });

  it("this session's own report decides the next start, without asking again", async () => {
    engine.adoptCatalogue([track(1), track(2)]);
    await startPlaying(el);
    el.advance(30);
    engine.next();
    expect(asked).toEqual([1, 2]);
    engine.previous();
    await startPlaying(el);
    expect(el.currentTime).toBe(28); // 30 s minus 2 s to pick up the sentence
    expect(asked).toEqual([1, 2]);
  });

  it('a failing lookup starts from the beginning', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    resume = () => Promise.reject(new Error('500: down'));
    engine.adoptCatalogue([track(1), track(2)]);
    await startPlaying(el);
    expect(el.currentTime).toBe(0);
    expect(engine.getSnapshot().error).toBeNull();
  });
});

describe('PWA autoplay request', () => {
  it('plays the first track cued once the catalogue arrives', async () => {
    engine.requestAutoplay();
    engine.adoptCatalogue([track(1), track(2)]);
    await vi.advanceTimersByTimeAsync(50);
    expect(el.paused).toBe(false);
  });

  it('plays the cued track at once', async () => {
    engine.adoptCatalogue([track(1), track(2)]);
    await vi.advanceTimersByTimeAsync(50);
    el.becomeReady();
    engine.requestAutoplay();
    await vi.advanceTimersByTimeAsync(0);
    expect(el.paused).toBe(false);
  });
});
