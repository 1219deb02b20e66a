import type { PcmAudio } from '../tts/types';

/** Frames of 10 ms are judged silent or voiced. */
const FRAME_SECONDS = 0.01;
/** A pause between turns lasts at least this long (shorter dips are within a word). */
const MIN_GAP_SECONDS = 0.12;
/** Silent: below -45 dBFS, or 35 dB under the loudest frame, whichever is higher. */
const FLOOR_DBFS = -45;
const BELOW_PEAK_DB = 35;

/** A stretch of silence inside the speech, in samples (end exclusive). */
interface Gap {
  start: number;
  end: number;
}

/** Where the voice is: each 10 ms frame voiced or not, by its RMS against the floor. */
function voicedFrames(pcm: PcmAudio): { voiced: boolean[]; frame: number } {
  const frame = Math.max(1, Math.round(pcm.sampleRate * FRAME_SECONDS));
  const count = Math.ceil(pcm.samples.length / frame);
  const rms = new Float64Array(count);
  for (let f = 0; f < count; f++) {
    let sum = 0;
    const from = f * frame;
    const to = Math.min(pcm.samples.length, from + frame);
    for (let i = from; i < to; i++) sum += pcm.samples[i] * pcm.samples[i];
    rms[f] = Math.sqrt(sum / Math.max(1, to - from));
  }
  let peak = 1;
  for (const r of rms) peak = Math.max(peak, r);
  const floor = Math.max(32767 * 10 ** (FLOOR_DBFS / 20), peak * 10 ** (-BELOW_PEAK_DB / 20));
  return { voiced: Array.from(rms, (r) => r >= floor), frame };
}

/**
 * The N-1 pauses that separate N turns, chosen in order among the silences by dynamic programming: a
 * pause is preferred the longer it is and the closer it lies to where the turns' text lengths put the
 * change of turn (squared distance in average turns, against the pause's length relative to the longest).
 */
function choosePauses(gaps: Gap[], expected: number[], averageTurn: number): Gap[] | null {
  const need = expected.length;
  if (need === 0) return [];
  if (gaps.length < need) return null;
  const longest = Math.max(...gaps.map((g) => g.end - g.start));
  const cost = (k: number, g: Gap) => (((g.start + g.end) / 2 - expected[k]) / averageTurn) ** 2 - (g.end - g.start) / longest;
  // best[k][j]: the least cost of placing pauses 0..k with pause k at gap j.
  const best: number[][] = [];
  const from: number[][] = [];
  for (let k = 0; k < need; k++) {
    best.push(new Array(gaps.length).fill(Number.POSITIVE_INFINITY));
    from.push(new Array(gaps.length).fill(-1));
    let runMin = Number.POSITIVE_INFINITY;
    let runAt = -1;
    for (let j = k; j <= gaps.length - (need - k); j++) {
      if (k === 0) {
        best[k][j] = cost(k, gaps[j]);
        continue;
      }
      if (best[k - 1][j - 1] < runMin) {
        runMin = best[k - 1][j - 1];
        runAt = j - 1;
      }
      best[k][j] = runMin + cost(k, gaps[j]);
      from[k][j] = runAt;
    }
  }
  let j = best[need - 1].indexOf(Math.min(...best[need - 1]));
  const chosen: Gap[] = [];
  for (let k = need - 1; k >= 0; k--) {
    chosen.unshift(gaps[j]);
    j = from[k][j];
  }
  return chosen;
}

/**
 * Where each of `texts`' turns is in one stream of speech that says them in order: the stream is split
 * at the pauses between turns (the silences matched to the expected number of turns, near where the
 * texts' lengths put them); with too few pauses, in proportion to the texts' lengths. Samples, end exclusive.
 */
export function findTurns(pcm: PcmAudio, texts: readonly string[]): { start: number; end: number }[] {
  const { voiced, frame } = voicedFrames(pcm);
  const first = voiced.indexOf(true);
  const last = voiced.lastIndexOf(true);
  const speechStart = first < 0 ? 0 : first * frame;
  const speechEnd = first < 0 ? pcm.samples.length : Math.min(pcm.samples.length, (last + 1) * frame);
  const span = Math.max(1, speechEnd - speechStart);
  const weights = texts.map((t) => Math.max(1, [...t].length));
  const total = weights.reduce((a, b) => a + b, 0);
  const expected: number[] = [];
  let acc = 0;
  for (const w of weights.slice(0, -1)) {
    acc += w;
    expected.push(speechStart + (span * acc) / total);
  }
  const gaps: Gap[] = [];
  const minFrames = Math.ceil(MIN_GAP_SECONDS / FRAME_SECONDS);
  for (let f = first + 1; first >= 0 && f < last; f++) {
    if (voiced[f]) continue;
    let g = f;
    while (g < last && !voiced[g]) g++;
    if (g - f >= minFrames) gaps.push({ start: f * frame, end: g * frame });
    f = g;
  }
  const pauses = choosePauses(gaps, expected, span / texts.length);
  const cuts = pauses ?? expected.map((at) => ({ start: Math.round(at), end: Math.round(at) }));
  return texts.map((_, k) => ({
    start: k === 0 ? speechStart : cuts[k - 1].end,
    end: k === texts.length - 1 ? speechEnd : cuts[k].start,
  }));
}
