/**
 * The picking rule of あと N 分 (issue 28.1, decision 0034), pure: which tracks a programme plays and in
 * which order, given the candidates in the listener's priority order. A programme is
 * track, segue, track, segue, …, track, closing: a segue leads into every track after the first, no track
 * comes twice, and its length ends within `toleranceSeconds` of the budget.
 */
export interface Candidate {
  id: number;
  seconds: number;
}

export type PlannedItem =
  | { kind: 'track'; trackId: number; seconds: number }
  /** A segue from one track into the next; `to` null is the closing after the last track. */
  | { kind: 'segue'; from: number; to: number | null; seconds: number };

export interface ProgrammePlan {
  items: PlannedItem[];
  totalSeconds: number;
}

export interface PickOptions {
  budgetSeconds: number;
  segueSeconds: number;
  closingSeconds: number;
  toleranceSeconds: number;
}

/** The length of a programme of these tracks: the tracks, a segue before each but the first, the closing. */
const lengthOf = (sum: number, count: number, o: PickOptions) => (count === 0 ? 0 : sum + (count - 1) * o.segueSeconds + o.closingSeconds);

/**
 * The tracks, in order: the candidates taken in their priority order while they fit under the budget;
 * when what is left is more than the tolerance, one more track that ends past the budget by no more than
 * it, else one chosen track swapped for a longer one that closes the gap (the least preferred swapped
 * first). Null when no programme ends within the tolerance (too few tracks, or none of a fitting length).
 */
export function pickProgramme(candidates: readonly Candidate[], o: PickOptions): ProgrammePlan | null {
  const chosen: Candidate[] = [];
  const taken = new Set<number>();
  let sum = 0;
  for (const c of candidates) {
    if (!(c.seconds > 0) || taken.has(c.id)) continue;
    if (lengthOf(sum + c.seconds, chosen.length + 1, o) > o.budgetSeconds) continue;
    chosen.push(c);
    taken.add(c.id);
    sum += c.seconds;
    // Nothing shorter than a segue could still fit.
    if (o.budgetSeconds - lengthOf(sum, chosen.length, o) < o.segueSeconds) break;
  }
  const within = (length: number) => Math.abs(length - o.budgetSeconds) <= o.toleranceSeconds;
  if (!within(lengthOf(sum, chosen.length, o))) {
    const extra = candidates.find((c) => c.seconds > 0 && !taken.has(c.id) && within(lengthOf(sum + c.seconds, chosen.length + 1, o)));
    if (extra) {
      chosen.push(extra);
      taken.add(extra.id);
      sum += extra.seconds;
    } else if (!swapToFit(candidates, chosen, taken, sum, o, within)) {
      return null;
    }
  }
  if (chosen.length === 0) return null;
  return planOf(chosen, o);
}

function swapToFit(
  candidates: readonly Candidate[],
  chosen: Candidate[],
  taken: Set<number>,
  sum: number,
  o: PickOptions,
  within: (length: number) => boolean,
): boolean {
  for (let j = chosen.length - 1; j >= 0; j--) {
    const out = chosen[j];
    const swap = candidates.find(
      (c) => c.seconds > 0 && !taken.has(c.id) && within(lengthOf(sum - out.seconds + c.seconds, chosen.length, o)),
    );
    if (swap) {
      chosen[j] = swap;
      taken.delete(out.id);
      taken.add(swap.id);
      return true;
    }
  }
  return false;
}

function planOf(chosen: readonly Candidate[], o: PickOptions): ProgrammePlan {
  const items: PlannedItem[] = [];
  chosen.forEach((c, i) => {
    if (i > 0) items.push({ kind: 'segue', from: chosen[i - 1].id, to: c.id, seconds: o.segueSeconds });
    items.push({ kind: 'track', trackId: c.id, seconds: c.seconds });
  });
  items.push({ kind: 'segue', from: chosen[chosen.length - 1].id, to: null, seconds: o.closingSeconds });
  return { items, totalSeconds: sumOf(items) };
}

/** The items' seconds added up in their order: the one sum the answer's totalSeconds is. */
export const sumOf = (items: readonly { seconds: number }[]) => items.reduce((s, i) => s + i.seconds, 0);

/** The longest programme these candidates could make, in whole minutes (for the message when none fits). */
export function longestMinutes(candidates: readonly Candidate[], o: PickOptions): number {
  let sum = 0;
  let count = 0;
  for (const c of candidates) {
    if (c.seconds > 0) {
      sum += c.seconds;
      count++;
    }
  }
  return Math.floor(lengthOf(sum, count, o) / 60);
}
