/**
 * Median fundamental frequency (Hz) of the voiced 40 ms frames of mono PCM, by normalised
 * autocorrelation between 60 and 400 Hz; 0 when nothing is voiced. For tests and the benchmark.
 */
export function medianPitch(samples: Int16Array, sampleRate: number): number {
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
  found.sort((a, b) => a - b);
  return found.length ? found[found.length >> 1] : 0;
}
