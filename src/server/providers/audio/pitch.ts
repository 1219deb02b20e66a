/**
 * The fundamental frequency (Hz) of each voiced 40 ms frame of mono PCM, by normalised autocorrelation
 * between 60 and 400 Hz, in time order. For tests and the benchmark.
 */
export function pitchTrack(samples: Int16Array, sampleRate: number): number[] {
  const found: number[] = [];
  const win = Math.round(sampleRate * 0.04);
  const minLag = Math.round(sampleRate / 400);
  const maxLag = Math.round(sampleRate / 60);
  for (let s = 0; s + win + maxLag < samples.length; s += win) {
    let energy = 0;
    for (let i = s; i < s + win; i++) energy += samples[i] * samples[i];
    if (Math.sqrt(energy / win) < 1000) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let c = 0;
      let n1 = 0;
      let n2 = 0;
      for (let i = s; i < s + win; i++) {
        c += samples[i] * samples[i + lag];
        n1 += samples[i] * samples[i];
        n2 += samples[i + lag] * samples[i + lag];
      }
      const r = c / Math.sqrt(n1 * n2 + 1);
      if (r > best) {
        best = r;
        bestLag = lag;
      }
    }
    if (best > 0.6) found.push(sampleRate / bestLag);
  }
  return found;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Median fundamental frequency (Hz) of the voiced frames; 0 when nothing is voiced. */
export function medianPitch(samples: Int16Array, sampleRate: number): number {
  const found = pitchTrack(samples, sampleRate).sort((a, b) => a - b);
  return found.length ? quantile(found, 0.5) : 0;
}

/**
 * The median pitch and the intonation: the ratio of the 90th to the 10th percentile of the voiced
 * frames' pitch (1 for a monotone; eSpeak's Japanese is about 1.1, a person's speech 1.5 and more).
 */
export function pitchSpread(samples: Int16Array, sampleRate: number): { median: number; ratio90to10: number } {
  const found = pitchTrack(samples, sampleRate).sort((a, b) => a - b);
  if (!found.length) return { median: 0, ratio90to10: 1 };
  return { median: quantile(found, 0.5), ratio90to10: quantile(found, 0.9) / quantile(found, 0.1) };
}
