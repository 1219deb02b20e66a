import type { PcmAudio } from '../tts/types';

/**
 * Integrated loudness (ITU-R BS.1770-4, as EBU R 128 uses it) of mono PCM, in LUFS: K-weighting,
 * 400 ms blocks overlapping by 75 %, an absolute gate at -70 LUFS and a relative gate 10 LU below.
 * -Infinity for silence.
 */
export function integratedLoudness(pcm: PcmAudio): number {
  const x = kWeighted(pcm);
  const block = Math.round(pcm.sampleRate * 0.4);
  const hop = Math.round(block / 4);
  const powers: number[] = [];
  for (let start = 0; start + block <= x.length; start += hop) {
    let sum = 0;
    for (let i = start; i < start + block; i++) sum += x[i] * x[i];
    powers.push(sum / block);
  }
  const lufs = (p: number) => -0.691 + 10 * Math.log10(p);
  const absGated = powers.filter((p) => lufs(p) > -70);
  if (!absGated.length) return Number.NEGATIVE_INFINITY;
  const relGate = lufs(mean(absGated)) - 10;
  const gated = absGated.filter((p) => lufs(p) > relGate);
  return lufs(mean(gated));
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The K-weighting pre-filter (a high shelf, then a high pass), coefficients for any sample rate. */
function kWeighted(pcm: PcmAudio): Float64Array {
  const fs = pcm.sampleRate;
  const input = new Float64Array(pcm.samples.length);
  for (let i = 0; i < input.length; i++) input[i] = pcm.samples[i] / 32768;
  // Stage 1: high shelf (pyloudnorm's parameters of BS.1770).
  const shelf = (() => {
    const G = 3.99984385397;
    const Q = 0.7071752369554193;
    const fc = 1681.9744509555319;
    const A = 10 ** (G / 40);
    const w0 = (2 * Math.PI * fc) / fs;
    const alpha = Math.sin(w0) / (2 * Q);
    const c = Math.cos(w0);
    const sq = 2 * Math.sqrt(A) * alpha;
    const b0 = A * (A + 1 + (A - 1) * c + sq);
    const b1 = -2 * A * (A - 1 + (A + 1) * c);
    const b2 = A * (A + 1 + (A - 1) * c - sq);
    const a0 = A + 1 - (A - 1) * c + sq;
    const a1 = 2 * (A - 1 - (A + 1) * c);
    const a2 = A + 1 - (A - 1) * c - sq;
    return [b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0];
  })();
  // Stage 2: high pass.
  const highPass = (() => {
    const Q = 0.5003270373253953;
    const fc = 38.13547087613982;
    const w0 = (2 * Math.PI * fc) / fs;
    const alpha = Math.sin(w0) / (2 * Q);
    const c = Math.cos(w0);
    const a0 = 1 + alpha;
    return [(1 + c) / 2 / a0, -(1 + c) / a0, (1 + c) / 2 / a0, (-2 * c) / a0, (1 - alpha) / a0];
  })();
  return biquad(biquad(input, shelf), highPass);
}

function biquad(x: Float64Array, [b0, b1, b2, a1, a2]: number[]): Float64Array {
  const y = new Float64Array(x.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const v = b0 * x[i] + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x[i];
    y2 = y1;
    y1 = v;
    y[i] = v;
  }
  return y;
}

/**
 * Brings speech to an integrated loudness (default -16 LUFS, the level of talk podcasts and of the
 * radio's other tracks), with a limiter that keeps samples under the peak ceiling (default -1 dBFS):
 * instant attack, 80 ms release, so the rare peaks of the voice are held down without distortion.
 */
export function normalizeToLufs(pcm: PcmAudio, opts: { targetLufs?: number; peakCeilingDbfs?: number } = {}): PcmAudio {
  const { targetLufs = -16, peakCeilingDbfs = -1 } = opts;
  const measured = integratedLoudness(pcm);
  if (!Number.isFinite(measured)) return { samples: pcm.samples.slice(), sampleRate: pcm.sampleRate };
  const gain = 10 ** ((targetLufs - measured) / 20);
  const ceiling = 10 ** (peakCeilingDbfs / 20) * 32767;
  const release = Math.exp(-1 / (pcm.sampleRate * 0.08));
  // Look ahead 5 ms, so the limiter's gain is down before the peak arrives.
  const ahead = Math.round(pcm.sampleRate * 0.005);
  const n = pcm.samples.length;
  const needed = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = Math.abs(pcm.samples[i] * gain);
    needed[i] = v > ceiling ? ceiling / v : 1;
  }
  // The gain each sample must have by then: a peak's reduction spread over the samples before it.
  const targetAt = new Float64Array(n).fill(1);
  for (let i = 0; i < n; i++) {
    if (needed[i] >= 1) continue;
    for (let j = Math.max(0, i - ahead); j <= i; j++) if (needed[i] < targetAt[j]) targetAt[j] = needed[i];
  }
  const out = new Int16Array(n);
  let env = 1;
  for (let i = 0; i < n; i++) {
    const target = targetAt[i];
    env = target < env ? target : target - (target - env) * release;
    const v = Math.round(pcm.samples[i] * gain * env);
    out[i] = Math.max(-32768, Math.min(32767, v));
  }
  return { samples: out, sampleRate: pcm.sampleRate };
}
