import { describe, expect, it } from 'vitest';
import {
  LOCAL_RESUME_LIMIT,
  listenedStep,
  listeningReport,
  localEntry,
  parseLocalResume,
  progressPercent,
  rememberLocally,
  resumePosition,
} from './player-history';

describe('listening history rules', () => {
  it('counts forward steps of playback, never a seek or a step back', () => {
    expect(listenedStep(null, 3)).toBe(0);
    expect(listenedStep(3, 3.25)).toBe(0.25);
    expect(listenedStep(3, 7)).toBe(4);
    expect(listenedStep(3, 7.5)).toBe(0);
    expect(listenedStep(10, 2)).toBe(0);
    expect(listenedStep(Number.NaN, 2)).toBe(0);
    // Time updates delivered late by a busy device: a step no faster than playing counts, a jump does not.
    expect(listenedStep(3, 9, { seconds: 6.1, rate: 1 })).toBe(6);
    expect(listenedStep(3, 15, { seconds: 6, rate: 2 })).toBe(12);
    expect(listenedStep(3, 60, { seconds: 6, rate: 1 })).toBe(0);
    expect(listenedStep(9, 3, { seconds: 6, rate: 1 })).toBe(0);
  });

  it('progress is a percent with two decimals, clamped, 100 when completed', () => {
    expect(progressPercent(20, 60)).toBe(33.33);
    expect(progressPercent(90, 60)).toBe(100);
    expect(progressPercent(-1, 60)).toBe(0);
    expect(progressPercent(5, 0)).toBe(0);
    expect(progressPercent(5, Number.NaN)).toBe(0);
    expect(progressPercent(5, 60, true)).toBe(100);
  });

  it('records 5 s or more, or a completed track; the seconds heard, rounded to 0.1', () => {
    expect(listeningReport({ trackId: 1, listened: 4.9, position: 30, duration: 60, completed: false })).toBeNull();
    expect(listeningReport({ trackId: 1, listened: 5.04, position: 30, duration: 60, completed: false })).toEqual({
      trackId: 1,
      duration: 5,
      progressPercent: 50,
      completed: false,
    });
    expect(listeningReport({ trackId: 1, listened: 1, position: 60, duration: 60, completed: true })).toEqual({
      trackId: 1,
      duration: 1,
      progressPercent: 100,
      completed: true,
    });
  });
});

describe('resume rules', () => {
  it('resumes 2 s before where the listener left, not in the first 10 s, the last 10 s, or after the end', () => {
    expect(resumePosition(null, 200)).toBeNull();
    expect(resumePosition({ progressPercent: 50, completed: false }, 200)).toBe(98);
    expect(resumePosition({ progressPercent: 4, completed: false }, 200)).toBeNull(); // 8 s
    expect(resumePosition({ progressPercent: 5, completed: false }, 200)).toBe(8); // 10 s
    expect(resumePosition({ progressPercent: 95, completed: false }, 200)).toBe(188); // 190 s: 10 s left
    expect(resumePosition({ progressPercent: 96, completed: false }, 200)).toBeNull();
    expect(resumePosition({ progressPercent: 50, completed: true }, 200)).toBeNull();
    expect(resumePosition({ progressPercent: 50, completed: false }, 0)).toBeNull();
  });

  it('keeps a local list of the most recent tracks, and survives junk', () => {
    expect(parseLocalResume('not json')).toEqual({});
    expect(parseLocalResume('[1]')).toEqual({});
    expect(parseLocalResume('{"x":{"p":1,"c":false,"t":1},"2":{"p":"a"}}')).toEqual({});
    let list = parseLocalResume(null);
    for (let i = 1; i <= LOCAL_RESUME_LIMIT + 5; i++) {
      list = rememberLocally(list, { trackId: i, duration: 6, progressPercent: i, completed: false }, 1000 + i);
    }
    expect(Object.keys(list)).toHaveLength(LOCAL_RESUME_LIMIT);
    expect(localEntry(list, 3)).toBeNull();
    expect(localEntry(list, LOCAL_RESUME_LIMIT + 5)).toEqual({ progressPercent: LOCAL_RESUME_LIMIT + 5, completed: false });
    expect(parseLocalResume(JSON.stringify(list))).toEqual(list);
  });
});
