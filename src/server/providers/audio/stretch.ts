import type { PcmAudio } from '../tts/types';

/**
 * Speech played faster or slower at the same pitch (WSOLA: waveform-similarity overlap-add), for a
 * voice whose service ignores the speaking rate. 30 ms Hann frames at half overlap; each next frame
 * is taken where it best continues the last one (within ±8 ms), so voiced sounds join without a
 * click. The answer has exactly round(n / rate) samples; a rate of 1 answers the input unchanged.
 */
export function timeStretch(pcm: PcmAudio, rate: number): PcmAudio {
  const input = pcm.samples;
  const outLength = Math.round(input.length / rate);
  if (Math.abs(rate - 1) < 1e-3 || input.length === 0) return pcm;
  const frame = Math.max(16, Math.round(pcm.sampleRate * 0.03) & ~1);
  const hop = frame / 2;
  const tolerance = Math.round(pcm.sampleRate * 0.008);
  const window = Float64Array.from({ length: frame }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / frame));
  const acc = new Float64Array(outLength + frame);
  const norm = new Float64Array(outLength + frame);
  const at = (i: number) => (i >= 0 && i < input.length ? input[i] : 0);
  // Where the previous frame would naturally have gone on (its continuation in the input).
  let natural = 0;
  for (let out = 0, k = 0; out < outLength; out += hop, k++) {
    const ideal = Math.round(k * hop * rate);
    let start = ideal;
    if (k > 0) {
      let best = Number.NEGATIVE_INFINITY;
      for (let d = -tolerance; d <= tolerance; d += 2) {
        const cand = ideal + d;
        if (cand < 0) continue;
        let c = 0;
        for (let i = 0; i < hop; i += 4) c += at(cand + i) * at(natural + i);
        if (c > best) {
          best = c;
          start = cand;
        }
      }
    }
    for (let i = 0; i < frame; i++) {
      acc[out + i] += at(start + i) * window[i];
      norm[out + i] += window[i];
    }
    natural = start + hop;
  }
  const samples = new Int16Array(outLength);
  for (let i = 0; i < outLength; i++) {
    const v = norm[i] > 1e-6 ? acc[i] / norm[i] : 0;
    samples[i] = Math.max(-32768, Math.min(32767, Math.round(v)));
  }
  return { samples, sampleRate: pcm.sampleRate };
}
