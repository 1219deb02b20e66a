import { describe, expect, it } from 'vitest';
import type { PcmAudio } from '../tts/types';
import { normalizeLoudness, peakLevel, speechRms } from './loudness';

const RATE = 22_050;
const db = (x: number) => 20 * Math.log10(x);

/** Bursts of a tone separated by silence, like speech with pauses. */
function bursts(amplitude: number, silence = true): PcmAudio {
  const samples = new Int16Array(RATE * 2);
  for (let i = 0; i < samples.length; i++) {
    const quiet = silence && Math.floor(i / (RATE / 4)) % 2 === 1;
    samples[i] = quiet ? 0 : Math.round(amplitude * Math.sin((2 * Math.PI * 200 * i) / RATE));
  }
  return { samples, sampleRate: RATE };
}

describe('normalizeLoudness', () => {
  it('raises quiet speech to the target level, measured without its pauses', () => {
    const out = normalizeLoudness(bursts(800));
    expect(db(speechRms(out))).toBeCloseTo(-18, 0);
    expect(db(peakLevel(out.samples))).toBeLessThanOrEqual(-1);
  });

  it('gives the same gain whether or not the speech has pauses', () => {
    const withPauses = normalizeLoudness(bursts(800, true));
    const without = normalizeLoudness(bursts(800, false));
    // Only the 20 ms windows that straddle a burst edge differ.
    expect(Math.abs(db(speechRms(withPauses)) - db(speechRms(without)))).toBeLessThan(0.3);
    expect(Math.abs(db(speechRms(withPauses)) - db(speechRms(bursts(800, true))))).toBeGreaterThan(10);
  });

  it('keeps peaks under the ceiling when the target would clip', () => {
    // A square wave has RMS equal to its peak: reaching -18 dBFS RMS is fine, but a spiky signal is limited.
    const spiky = bursts(1000);
    spiky.samples[500] = 30_000;
    const out = normalizeLoudness(spiky, { targetRmsDbfs: -6 });
    expect(db(peakLevel(out.samples))).toBeCloseTo(-1, 1);
  });

  it('turns loud audio down', () => {
    const out = normalizeLoudness(bursts(30_000));
    expect(db(speechRms(out))).toBeCloseTo(-18, 0);
  });

  it('leaves silence alone and never changes its input', () => {
    const silent = { samples: new Int16Array(RATE), sampleRate: RATE };
    expect(normalizeLoudness(silent).samples.every((s) => s === 0)).toBe(true);
    const input = bursts(800);
    const copy = input.samples.slice();
    const out = normalizeLoudness(input);
    expect(input.samples).toEqual(copy);
    expect(out.samples).not.toBe(input.samples);
    expect(out.sampleRate).toBe(RATE);
  });
});
