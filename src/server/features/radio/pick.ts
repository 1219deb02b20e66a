/**
 * The picking rule of あと N 分 (issue 28.1, decision 0034; the talk's lengths, issue 40.1, decision 0046),
 * pure: which tracks a programme plays, in which order, and how long the hosts talk, given the candidates
 * in the listener's priority order. A programme is opening, track, segue, track, …, track, closing: a
 * segue leads into every track after the first, no track comes twice. The talk (segues of 3-15 s, an
 * opening and a closing of 5-60 s, whole seconds) absorbs the difference between the tracks and the
 * budget, so a programme ends within `toleranceSeconds` of any budget the catalogue can fill.
 */
export interface Candidate {
  id: number;
  seconds: number;
}

/** A talk's length range in whole seconds, and its length when nothing needs absorbing. */
export interface TalkRange {
  min: number;
  usual: number;
  max: number;
}

export type PlannedItem =
  | { kind: 'track'; trackId: number; seconds: number }
  /** The hosts' talk: `from` null is the opening before the first track, `to` null the closing after the last. */
  | { kind: 'segue'; from: number | null; to: number | null; seconds: number };

export interface ProgrammePlan {
  items: PlannedItem[];
  totalSeconds: number;
}

export interface PickOptions {
  budgetSeconds: number;
  segue: TalkRange;
  opening: TalkRange;
  closing: TalkRange;
  /** How far from the budget the plan may end, either side. */
  toleranceSeconds: number;
}

type Bound = 'min' | 'usual' | 'max';
/** The talk of a programme of `count` tracks: the opening, a segue before each track but the first, the closing. */
const talkOf = (count: number, o: PickOptions, bound: Bound) =>
  count === 0 ? 0 : o.opening[bound] + o.closing[bound] + (count - 1) * o.segue[bound];

/**
 * The tracks, in order, and the talk between them. The candidates are taken in their priority order
 * while the programme, its talk at its shortest, still ends by the budget's far edge, until the usual
 * talk fills it; when even the longest talk leaves it short, one chosen track (the least preferred
 * first) is swapped for a longer one that lands it. Null when no programme ends within the tolerance.
 */
export function pickProgramme(candidates: readonly Candidate[], o: PickOptions): ProgrammePlan | null {
  const B = o.budgetSeconds;
  const chosen: Candidate[] = [];
  const taken = new Set<number>();
  let sum = 0;
  for (const c of candidates) {
    if (!(c.seconds > 0) || taken.has(c.id)) continue;
    if (sum + c.seconds + talkOf(chosen.length + 1, o, 'min') > B + o.toleranceSeconds) continue;
    chosen.push(c);
    taken.add(c.id);
    sum += c.seconds;
    if (sum + talkOf(chosen.length, o, 'usual') >= B) break;
  }
  if (chosen.length === 0) return null;
  if (sum + talkOf(chosen.length, o, 'max') >= B - o.toleranceSeconds) return planOf(chosen, o, sum);
  // Short even with the longest talk: the same number of tracks, one more, or one fewer, exchanged
  // one at a time for others until the tracks' sum lands in the talk's window (the least preferred go first).
  const unchosen = candidates.filter((c) => c.seconds > 0 && !taken.has(c.id));
  const shortest = [...unchosen].sort((a, b) => a.seconds - b.seconds)[0];
  for (const start of [chosen, shortest ? [...chosen, shortest] : null, chosen.length > 1 ? chosen.slice(0, -1) : null]) {
    if (!start) continue;
    const landed = exchangeToFit(candidates, start, o);
    if (landed) return planOf(landed, o, sumOf(landed));
  }
  return null;
}

/**
 * Exchanges tracks of `start` for others among the candidates, one at a time, each exchange bringing the
 * sum nearer the window where some talk within its ranges lands the programme; the tracks, or null when
 * no exchange brings it nearer. Ties go to the later (less preferred) track out and the earlier candidate in.
 */
function exchangeToFit(candidates: readonly Candidate[], start: readonly Candidate[], o: PickOptions): Candidate[] | null {
  const chosen = [...start];
  const n = chosen.length;
  const lo = o.budgetSeconds - o.toleranceSeconds - talkOf(n, o, 'max');
  const hi = o.budgetSeconds + o.toleranceSeconds - talkOf(n, o, 'min');
  if (lo > hi) return null;
  const away = (s: number) => (s < lo ? lo - s : s > hi ? s - hi : 0);
  const inChosen = new Set(chosen.map((c) => c.id));
  const pool = candidates.filter((c) => c.seconds > 0);
  let sum = sumOf(chosen);
  for (let step = 0; step <= n + 1 && away(sum) > 0; step++) {
    let best: { j: number; c: Candidate; d: number } | null = null;
    for (let j = n - 1; j >= 0 && best?.d !== 0; j--) {
      for (const c of pool) {
        if (inChosen.has(c.id)) continue;
        const d = away(sum - chosen[j].seconds + c.seconds);
        if (d < (best?.d ?? away(sum))) best = { j, c, d };
        if (best?.d === 0) break;
      }
    }
    if (!best) return null;
    inChosen.delete(chosen[best.j].id);
    inChosen.add(best.c.id);
    sum += best.c.seconds - chosen[best.j].seconds;
    chosen[best.j] = best.c;
  }
  return away(sum) === 0 ? chosen : null;
}

/**
 * The talk's lengths for tracks lasting `sum` in all: as close to the budget as the ranges allow, in whole
 * seconds. The opening and the closing move first (they have the room to), a second at a time each in
 * turn, then the segues, one second each in turn; the segues keep their usual length whenever they can.
 */
export function talkLengths(count: number, sum: number, o: PickOptions): { opening: number; segues: number[]; closing: number } {
  const wanted = Math.round(Math.min(Math.max(o.budgetSeconds - sum, talkOf(count, o, 'min')), talkOf(count, o, 'max')));
  const slots = [
    { value: o.opening.usual, range: o.opening },
    { value: o.closing.usual, range: o.closing },
    ...Array.from({ length: count - 1 }, () => ({ value: o.segue.usual, range: o.segue })),
  ];
  let rest = wanted - talkOf(count, o, 'usual');
  const step = Math.sign(rest);
  for (const group of [slots.slice(0, 2), slots.slice(2)]) {
    while (rest !== 0) {
      let moved = false;
      for (const slot of group) {
        if (rest === 0) break;
        const next = slot.value + step;
        if (next < slot.range.min || next > slot.range.max) continue;
        slot.value = next;
        rest -= step;
        moved = true;
      }
      if (!moved) break;
    }
  }
  return { opening: slots[0].value, closing: slots[1].value, segues: slots.slice(2).map((s) => s.value) };
}

function planOf(chosen: readonly Candidate[], o: PickOptions, sum: number): ProgrammePlan {
  const talk = talkLengths(chosen.length, sum, o);
  const items: PlannedItem[] = [{ kind: 'segue', from: null, to: chosen[0].id, seconds: talk.opening }];
  chosen.forEach((c, i) => {
    if (i > 0) items.push({ kind: 'segue', from: chosen[i - 1].id, to: c.id, seconds: talk.segues[i - 1] });
    items.push({ kind: 'track', trackId: c.id, seconds: c.seconds });
  });
  items.push({ kind: 'segue', from: chosen[chosen.length - 1].id, to: null, seconds: talk.closing });
  return { items, totalSeconds: sumOf(items) };
}

/** The items' seconds added up in their order: the one sum the answer's totalSeconds is. */
export const sumOf = (items: readonly { seconds: number }[]) => items.reduce((s, i) => s + i.seconds, 0);

/**
 * The longest programme these candidates make, in whole minutes (for the 422's message): every track,
 * the talk at its longest, ending at the tolerance's far edge. Every budget up to it is served.
 */
export function longestMinutes(candidates: readonly Candidate[], o: Omit<PickOptions, 'budgetSeconds'>): number {
  let sum = 0;
  let count = 0;
  const seen = new Set<number>();
  for (const c of candidates) {
    if (c.seconds > 0 && !seen.has(c.id)) {
      seen.add(c.id);
      sum += c.seconds;
      count++;
    }
  }
  if (count === 0) return 0;
  return Math.floor((sum + talkOf(count, { ...o, budgetSeconds: 0 }, 'max') + o.toleranceSeconds) / 60);
}
