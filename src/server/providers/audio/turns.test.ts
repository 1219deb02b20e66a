import { describe, expect, it } from 'vitest';
import { findTurns } from './turns';

// #37.3: a dialogue spoken in one stream (Gemini's two-speaker voice) is timed line by line from the audio.
const RATE = 24_000;
/** Tones and silences, in seconds: positive a tone, negative a silence. */
function stream(...pieces: number[]) {
  const samples = new Int16Array(Math.round(pieces.reduce((n, p) => n + Math.abs(p), 0) * RATE));
  let at = 0;
  for (const p of pieces) {
    const n = Math.round(Math.abs(p) * RATE);
    if (p > 0) for (let i = 0; i < n; i++) samples[at + i] = Math.round(6000 * Math.sin((2 * Math.PI * 300 * i) / RATE));
    at += n;
  }
  return { samples, sampleRate: RATE };
}
const seconds = (turns: { start: number; end: number }[]) => turns.map((t) => [t.start / RATE, t.end / RATE]);

describe('#37.3 turns in one stream', () => {
  it('#37.3 splits at the pauses between turns, preferring long pauses near where the text lengths put them', () => {
    // Three turns of equal text; the second turn has a sentence pause of its own (0.2 s), the turns 0.5 s.
    const pcm = stream(-0.3, 1, -0.5, 0.6, -0.2, 0.6, -0.5, 1, -0.4);
    expect(seconds(findTurns(pcm, ['あいうえお', 'かきくけこ', 'さしすせそ']))).toEqual([
      [0.3, 1.3],
      [1.8, 3.2],
      [3.7, 4.7],
    ]);
  });

  it('#37.3 finds a turn whose audio is far from its share of the text, by its pause', () => {
    // The first turn's text is short but spoken slowly: the text lengths would put the change at 0.5 s.
    const pcm = stream(-0.1, 2, -0.45, 0.5, -0.1);
    expect(seconds(findTurns(pcm, ['はい', 'そうですね、わかりました']))).toEqual([
      [0.1, 2.1],
      [2.55, 3.05],
    ]);
  });

  it('#37.3 with fewer pauses than turns, cuts in proportion to the texts’ lengths', () => {
    const pcm = stream(-0.5, 3, -0.5);
    expect(seconds(findTurns(pcm, ['ああ', 'いいいい']))).toEqual([
      [0.5, 1.5],
      [1.5, 3.5],
    ]);
  });
});
