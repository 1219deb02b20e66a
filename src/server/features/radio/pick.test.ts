import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Candidate, longestMinutes, pickProgramme, sumOf } from './pick';
import { inPriorityOrder, programmeOptions } from './service';

const o5 = programmeOptions(5);

function tracksOf(plan: NonNullable<ReturnType<typeof pickProgramme>>) {
  return plan.items.flatMap((i) => (i.kind === 'track' ? [i.trackId] : []));
}

/** The talk's kinds, in order: opening, then a segue before each track but the first, then the closing. */
const talkOf = (plan: NonNullable<ReturnType<typeof pickProgramme>>) => plan.items.filter((i) => i.kind === 'segue').map((i) => i.seconds);

/**
 * Whether some n of the tracks and talk within its ranges end within the tolerance of the budget. For
 * tracks of 3-5 minutes this is: the n shortest with the least talk reach down to it and the n longest
 * with the most talk up to it. Going from the n shortest to the n longest one track at a time moves the
 * sum by at most 120 s, less than the talk's window for n tracks (110 s + 12 s a segue, and the
 * tolerance either side), so every budget between the two is landed by some n tracks.
 * Some catalogues leave gaps (one track with the longest talk falls short, two with the shortest go past).
 */
function fillableBy(candidates: readonly Candidate[], minutes: number): boolean {
  const o = programmeOptions(minutes);
  const sorted = candidates.map((c) => c.seconds).sort((a, b) => a - b);
  const talk = (n: number, b: 'min' | 'max') => o.opening[b] + o.closing[b] + (n - 1) * o.segue[b];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  for (let n = 1; n <= sorted.length; n++) {
    const low = sum(sorted.slice(0, n)) + talk(n, 'min') - o.toleranceSeconds;
    const high = sum(sorted.slice(-n)) + talk(n, 'max') + o.toleranceSeconds;
    if (low <= minutes * 60 && minutes * 60 <= high) return true;
  }
  return false;
}

describe('pickProgramme (#28.1, #40.1)', () => {
  it('#40.1: a 5-minute programme of 80-110 s tracks lands on 300 s, as opening, track, segue, track, …, closing', () => {
    const candidates = [95, 101, 88, 107, 83, 92].map((seconds, i) => ({ id: i + 1, seconds }));
    const plan = pickProgramme(candidates, o5);
    // 95 + 101 + 88 = 284 with the usual talk (12 + 8 + 8 + 8 = 36) is 320: the talk shrinks to 16 s.
    expect(plan?.items.map((i) => i.kind)).toEqual(['segue', 'track', 'segue', 'track', 'segue', 'track', 'segue']);
    expect(plan && tracksOf(plan)).toEqual([1, 2, 3]);
    expect(plan && talkOf(plan)).toEqual([5, 3, 3, 5]);
    expect(plan?.totalSeconds).toBe(300);
    expect(plan?.items[0]).toEqual({ kind: 'segue', from: null, to: 1, seconds: 5 });
    expect(plan?.items.at(-1)).toEqual({ kind: 'segue', from: 3, to: null, seconds: 5 });
  });

  it('#40.1: the opening and the closing absorb what is left first, the segues keep their usual 8 s', () => {
    // Two 200 s tracks for 8 minutes: 480 − 400 = 80 s of talk; the segue keeps 8, opening and closing share 72.
    const plan = pickProgramme(
      [
        { id: 1, seconds: 200 },
        { id: 2, seconds: 200 },
      ],
      programmeOptions(8),
    );
    expect(plan && talkOf(plan)).toEqual([38, 8, 34]);
    expect(plan?.totalSeconds).toBe(480);
  });

  it('#40.1: past 60 s each, the segues take the rest, up to 15 s', () => {
    // Three 190 s tracks for 12 minutes: 720 − 570 = 150 s of talk: 60 + 15 + 15 + 60.
    const plan = pickProgramme(
      [1, 2, 3].map((id) => ({ id, seconds: 190 })),
      programmeOptions(12),
    );
    expect(plan && talkOf(plan)).toEqual([60, 15, 15, 60]);
    expect(plan?.totalSeconds).toBe(720);
  });

  it('#28.1: too few tracks for the budget is null, and the longest programme they make is told in minutes', () => {
    const candidates = [
      { id: 1, seconds: 90 },
      { id: 2, seconds: 90 },
    ];
    expect(pickProgramme(candidates, programmeOptions(15))).toBeNull();
    // 90 + 90 + the longest talk (60 + 15 + 60) + 28 s = 343 s: 5 minutes, and 5 minutes is served.
    expect(longestMinutes(candidates, programmeOptions(15))).toBe(5);
    expect(pickProgramme(candidates, programmeOptions(5))?.totalSeconds).toBe(300);
    expect(pickProgramme(candidates, programmeOptions(6))).toBeNull();
  });

  it("#40.1: over random catalogues of 3-5 minute tracks, every budget from 5 minutes to the catalogue's length less one track that some tracks can fill is served within 30 s, and no other", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 180, max: 300 }), { minLength: 8, maxLength: 40 }),
        fc.integer({ min: 0, max: 3 }),
        (lengths, fraction) => {
          // Whole and fractional seconds alike (the tracks' measured lengths are real numbers).
          const candidates: Candidate[] = lengths.map((seconds, i) => ({ id: i + 1, seconds: seconds + fraction / 4 }));
          const lessOne = Math.floor((sumOf(candidates) - Math.max(...candidates.map((c) => c.seconds))) / 60);
          for (let minutes = 5; minutes <= Math.min(lessOne, 120); minutes++) {
            const plan = pickProgramme(candidates, programmeOptions(minutes));
            expect([minutes, plan === null ? null : Math.abs(plan.totalSeconds - minutes * 60) <= 30]).toEqual([
              minutes,
              fillableBy(candidates, minutes) ? true : null,
            ]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('#40.1: the catalogue fast-check found (a 420 s budget one track cannot reach and two go past) is refused, its neighbours served', () => {
    const candidates = [245, 250, 250, 250, 250, 250, 190, 245].map((s, i) => ({ id: i + 1, seconds: s + 0.25 }));
    expect(fillableBy(candidates, 7)).toBe(false);
    expect(pickProgramme(candidates, programmeOptions(7))).toBeNull();
    for (const minutes of [6, 8])
      expect(Math.abs((pickProgramme(candidates, programmeOptions(minutes))?.totalSeconds ?? 0) - minutes * 60)).toBeLessThanOrEqual(30);
  });

  it('#40.1: a budget is served whenever some tracks of the catalogue and talk within its ranges can fill it (against every subset), and the 422 names the longest', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 180, max: 300 }), { minLength: 1, maxLength: 8 }), (lengths) => {
        const candidates: Candidate[] = lengths.map((seconds, i) => ({ id: i + 1, seconds }));
        const o = programmeOptions(5);
        const talk = (n: number, b: 'min' | 'max') => o.opening[b] + o.closing[b] + (n - 1) * o.segue[b];
        const sums: [number, number][] = [];
        for (let mask = 1; mask < 1 << lengths.length; mask++) {
          const picked = lengths.filter((_, i) => mask & (1 << i));
          sums.push([picked.reduce((a, b) => a + b, 0), picked.length]);
        }
        const fillable = (budget: number) =>
          sums.some(
            ([sum, n]) => sum + talk(n, 'max') >= budget - o.toleranceSeconds && sum + talk(n, 'min') <= budget + o.toleranceSeconds,
          );
        for (let minutes = 5; minutes <= 40; minutes++) {
          const plan = pickProgramme(candidates, programmeOptions(minutes));
          expect([minutes, plan !== null]).toEqual([minutes, fillable(minutes * 60)]);
          if (plan) expect(Math.abs(plan.totalSeconds - minutes * 60)).toBeLessThanOrEqual(30);
        }
        const longest = longestMinutes(candidates, o);
        expect([longest, fillable(longest * 60), fillable((longest + 1) * 60)]).toEqual([longest, true, false]);
      }),
      { numRuns: 300 },
    );
  });

  it('#28.1: for any catalogue and budget, a programme ends within 30 s, never repeats a track, opens, leads into every track after the first with a segue, closes, and its seconds add up; talk within its ranges', () => {
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
            if (item.kind === 'segue') {
              const range = item.from === null ? o.opening : item.to === null ? o.closing : o.segue;
              expect([Number.isInteger(item.seconds), item.seconds >= range.min && item.seconds <= range.max]).toEqual([true, true]);
            }
          });
          expect(plan.items[0]).toMatchObject({ kind: 'segue', from: null, to: ids[0] });
          expect(plan.items.at(-1)).toMatchObject({ kind: 'segue', to: null });
        },
      ),
      { numRuns: 300 },
    );
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
