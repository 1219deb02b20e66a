import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Candidate, longestMinutes, pickProgramme, sumOf } from './pick';
import { inPriorityOrder, programmeOptions } from './service';

const o5 = programmeOptions(5);

function tracksOf(plan: NonNullable<ReturnType<typeof pickProgramme>>) {
  return plan.items.flatMap((i) => (i.kind === 'track' ? [i.trackId] : []));
}

describe('pickProgramme (#28.1)', () => {
  it('#28.1: a 5-minute programme of 80-110 s tracks ends within 30 s of 300 s, as track, segue, track, …, closing', () => {
    const candidates = [95, 101, 88, 107, 83, 92].map((seconds, i) => ({ id: i + 1, seconds }));
    const plan = pickProgramme(candidates, o5);
    expect(plan).not.toBeNull();
    if (!plan) return;
    expect(Math.abs(plan.totalSeconds - 300)).toBeLessThanOrEqual(30);
    expect(plan.totalSeconds).toBe(sumOf(plan.items));
    expect(plan.items.map((i) => i.kind)).toEqual(['track', 'segue', 'track', 'segue', 'track', 'segue']);
    expect(plan.items.at(-1)).toEqual({ kind: 'segue', from: tracksOf(plan).at(-1), to: null, seconds: o5.closingSeconds });
  });

  it('#28.1: the candidates are taken in their priority order when they fit', () => {
    const candidates = [
      { id: 10, seconds: 60 },
      { id: 20, seconds: 60 },
      { id: 30, seconds: 60 },
      { id: 40, seconds: 60 },
      { id: 50, seconds: 60 },
    ];
    // 4 × 60 + 3 × 10 + 8 = 278: the first four, in order.
    const plan = pickProgramme(candidates, o5);
    expect(plan && tracksOf(plan)).toEqual([10, 20, 30, 40]);
  });

  it('#28.1: a gap of more than 30 s is closed by swapping the least preferred track for a longer one', () => {
    // Greedy: 100 + 10 + 100 + 8 = 218 (the 200 s track does not fit): 82 s short, and no third track
    // fits. The second is swapped for the first candidate that lands within 30 s: the 200 s one (318 s).
    const candidates = [
      { id: 1, seconds: 100 },
      { id: 2, seconds: 100 },
      { id: 3, seconds: 200 },
      { id: 4, seconds: 170 },
    ];
    const plan = pickProgramme(candidates, o5);
    expect(plan && tracksOf(plan)).toEqual([1, 3]);
    expect(plan?.totalSeconds).toBe(318);
  });

  it('#28.1: too few tracks for the budget is null, and the longest programme they make is told in minutes', () => {
    const candidates = [
      { id: 1, seconds: 90 },
      { id: 2, seconds: 90 },
    ];
    expect(pickProgramme(candidates, programmeOptions(15))).toBeNull();
    // 90 + 10 + 90 + 8 = 198 s: 3 minutes.
    expect(longestMinutes(candidates, programmeOptions(15))).toBe(3);
  });

  it('#28.1: for any catalogue and budget, a programme ends within 30 s, never repeats a track, leads into every track after the first with a segue, and its seconds add up', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 20, max: 600 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 5, max: 120 }),
        (lengths, minutes) => {
          const candidates: Candidate[] = lengths.map((seconds, i) => ({ id: i + 1, seconds }));
          const o = programmeOptions(minutes);
          const plan = pickProgramme(candidates, o);
          if (!plan) return;
          expect(Math.abs(plan.totalSeconds - minutes * 60)).toBeLessThanOrEqual(30);
          expect(plan.totalSeconds).toBe(sumOf(plan.items));
          const ids = tracksOf(plan);
          expect(new Set(ids).size).toBe(ids.length);
          plan.items.forEach((item, i) => {
            if (item.kind === 'track' && i > 0) expect(plan.items[i - 1]).toMatchObject({ kind: 'segue', to: item.trackId });
          });
          expect(plan.items[0].kind).toBe('track');
          expect(plan.items.at(-1)).toMatchObject({ kind: 'segue', to: null });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('#28.1: with a catalogue of 80-110 s tracks long enough, every preset budget makes a programme', () => {
    const candidates = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, seconds: 80 + ((i * 37) % 31) }));
    for (const minutes of [5, 15, 30, 60, 120, 7, 93]) {
      const plan = pickProgramme(candidates, programmeOptions(minutes));
      expect(plan === null ? 'none' : Math.abs(plan.totalSeconds - minutes * 60) <= 30).toBe(true);
    }
  });
});

describe('inPriorityOrder (#28.1)', () => {
  const row = (id: number, f: { category?: string; userId?: string; isPremiumOnly?: boolean } = {}) => ({
    id,
    seconds: 100,
    category: f.category ?? null,
    userId: f.userId ?? null,
    isPremiumOnly: f.isPremiumOnly ?? false,
  });

  it('#28.1: unfinished tracks first; within them their categories and followed creators first; premium-only only for premium members', () => {
    const rows = [
      row(1),
      row(2, { category: '科学' }),
      row(3, { userId: 'u-followed' }),
      row(4, { category: '科学' }),
      row(5),
      row(6, { isPremiumOnly: true }),
    ];
    const listener = { finished: new Set([4, 5]), followed: new Set(['u-followed']), categories: new Set(['科学']) };
    const hearer = (isPremium: boolean) => ({ userId: 'u-listener', isAdmin: false, isPremium });
    expect(inPriorityOrder(rows, { ...listener, hearer: hearer(false) }).map((c) => c.id)).toEqual([2, 3, 1, 4, 5]);
    expect(inPriorityOrder(rows, { ...listener, hearer: hearer(true) }).map((c) => c.id)).toEqual([2, 3, 1, 6, 4, 5]);
  });
});
