import { describe, expect, it } from 'vitest';
import { timeStretch } from './stretch';

// #29.3: the speaking rate applied to a voice that ignores it (gpt-4o-mini-tts), by time-stretching.
const voice = (seconds: number, hz: number, sampleRate = 24_000) =>
  Int16Array.from({ length: Math.round(seconds * sampleRate) }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / sampleRate)));

/** Zero crossings a second: twice the frequency of a tone. */
const crossingsPerSecond = (s: Int16Array, sampleRate: number) => {
  let n = 0;
  for (let i = 1; i < s.length; i++) if (s[i - 1] < 0 !== s[i] < 0) n++;
  return (n / s.length) * sampleRate;
};

describe('#29.3 time-stretch', () => {
  it('#29.3 changes the duration by the rate and keeps the pitch', () => {
    const pcm = { samples: voice(2, 180), sampleRate: 24_000 };
    for (const rate of [0.5, 0.8, 1.25, 1.6, 2]) {
      const out = timeStretch(pcm, rate);
      expect(out.samples.length).toBe(Math.round(48_000 / rate));
      // The pitch stays: 360 crossings a second (180 Hz) within 2 %.
      expect(Math.abs(crossingsPerSecond(out.samples, 24_000) / 360 - 1)).toBeLessThan(0.02);
    }
  });

  it('#29.3 answers the audio unchanged at rate 1', () => {
    const pcm = { samples: voice(0.5, 200), sampleRate: 24_000 };
    expect(timeStretch(pcm, 1)).toBe(pcm);
  });
});
