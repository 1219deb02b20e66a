import { describe, expect, it } from 'vitest';
import { CREATION_TEXT } from '../messages/creation';
import {
  confidenceLevel,
  DRAFT_TTL_MS,
  draftAlive,
  PREVIEW_TTL_MS,
  previewAlive,
  publishProgress,
  speakingRateOf,
  taskPollDelay,
  tokyoDay,
} from './creation';

describe('the publishing task is polled (creator spec §4)', () => {
  it('C-4-10, C-4-07: every 2 s in final review, every 3 s for a task restored from the draft', () => {
    expect(taskPollDelay(0, true)).toBe(2000);
    expect(taskPollDelay(0, false)).toBe(3000);
  });

  it('C-4-08, C-4-09: a failure backs off from 3 s, doubling, never over 30 s, at most 5 retries, then stops', () => {
    const schedule = [1, 2, 3, 4, 5, 6].map((failures) => taskPollDelay(failures, true));
    expect(schedule).toEqual([3000, 6000, 12_000, 24_000, 30_000, null]);
    expect([1, 2, 3, 4, 5].map((failures) => taskPollDelay(failures, false))).toEqual(schedule.slice(0, 5));
  });
});

describe('the progress estimate (C-2.1-19)', () => {
  const start = 1_000_000;
  it('rises over 120 s and stays at 95 % until the task is done', () => {
    expect(publishProgress(start, start)).toBe(0);
    expect(publishProgress(start, start + 60_000)).toBe(50);
    expect(publishProgress(start, start + 120_000)).toBe(95);
    expect(publishProgress(start, start + 600_000, { status: 'processing', progress: 10 })).toBe(95);
    expect(publishProgress(start, start + 600_000, { status: 'completed', progress: 100 })).toBe(100);
  });

  it("follows the task's own progress when it is further, and counts from the stored start after a reload", () => {
    expect(publishProgress(start, start + 12_000, { status: 'processing', progress: 70 })).toBe(70);
    // Reloaded 90 s after publishing: the bar goes on from 75 %, it does not start again at 0.
    expect(publishProgress(start, start + 90_000, { status: 'processing', progress: 10 })).toBe(75);
  });
});

describe('fact-check confidence colours (creator spec §9)', () => {
  it('C-9-09 to C-9-11: 80 and above green, 60 to 79 amber, below 60 red', () => {
    expect([100, 85, 80].map(confidenceLevel)).toEqual(['high', 'high', 'high']);
    expect([79, 70, 60].map(confidenceLevel)).toEqual(['medium', 'medium', 'medium']);
    expect([59, 50, 0].map(confidenceLevel)).toEqual(['low', 'low', 'low']);
  });
});

describe('draft and preview lifetimes (C-4-05, C-4-06)', () => {
  const written = Date.UTC(2026, 0, 1, 9);
  it('a draft lives 24 hours from when it was written; a preview 1 hour from when it was made', () => {
    expect(draftAlive(written, written + DRAFT_TTL_MS - 1)).toBe(true);
    expect(draftAlive(written, written + DRAFT_TTL_MS)).toBe(false);
    expect(previewAlive(written, written + PREVIEW_TTL_MS - 1)).toBe(true);
    expect(previewAlive(written, written + PREVIEW_TTL_MS)).toBe(false);
  });
});

describe('the creation page', () => {
  it('shows a duration in whole minutes and seconds, never 1分60秒', () => {
    const duration = CREATION_TEXT.preview.duration;
    expect(duration(119.6)).toBe('2分0秒');
    expect(duration(59.5)).toBe('1分0秒');
    expect(duration(201.4)).toBe('3分21秒');
    expect(duration(0.2)).toBe('0分0秒');
  });

  it('L-3-24: reads a stored speaking rate, or the default for anything the slider cannot show', () => {
    expect(speakingRateOf('1.3')).toBe(1.3);
    expect(speakingRateOf(0.5)).toBe(0.5);
    expect(speakingRateOf('1.30000004')).toBe(1.3);
    expect([null, '', 'fast', '2.5', '0.4', Number.NaN].map(speakingRateOf)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('counts days in Asia/Tokyo', () => {
    expect(tokyoDay(new Date('2026-01-01T14:59:59Z'))).toBe('2026-01-01');
    expect(tokyoDay(new Date('2026-01-01T15:00:00Z'))).toBe('2026-01-02');
  });
});
