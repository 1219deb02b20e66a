import type { PcmAudio } from '../tts/types';

/**
 * Integrated loudness (ITU-R BS.1770-4, as EBU R 128 uses it) of mono PCM, in LUFS: K-weighting,
 * 400 ms blocks overlapping by 75 %, an absolute gate at -70 LUFS and a relative gate 10 LU below.
 * -Infinity for silence.
 */
export function integratedLoudness(pcm: PcmAudio): number {
  const x = kWeightedSquares(pcm);
  const block = Math.round(pcm.sampleRate * 0.4);
  const hop = Math.round(block / 4);
  const powers: number[] = [];
  for (let start = 0; start + block <= x.length; start += hop) {
    let sum = 0;
    for (let i = start; i < start + block; i++) sum += x[i];
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

/**
 * The square of each sample after the K-weighting pre-filter (a high shelf, then a high pass),
 * coefficients for any sample rate. Both filters run in one pass and only the squares are kept, as
 * 32-bit floats: 4 bytes a sample where three 64-bit copies of a long track held the render helper's
 * memory up by a hundred megabytes (issue 37.6).
 */
function kWeightedSquares(pcm: PcmAudio): Float32Array {
  const fs = pcm.sampleRate;
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
  const first = biquad(shelf);
  const second = biquad(highPass);
  const out = new Float32Array(pcm.samples.length);
  for (let i = 0; i < out.length; i++) {
    const v = second(first(pcm.samples[i] / 32768));
    out[i] = v * v;
  }
  return out;
}

/** One biquad section as a function of the next input sample (its state kept between calls). */
function biquad([b0, b1, b2, a1, a2]: number[]): (x: number) => number {
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  return (x) => {
    const v = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = v;
    return v;
  };
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
  // A voice with frequent sharp peaks (Open JTalk's pulses) loses loudness to the limiter: the gain is
  // raised by what is still missing until the result is within 0.1 dB of the target.
  let gainDb = targetLufs - measured;
  let out = limited(pcm, 10 ** (gainDb / 20), peakCeilingDbfs);
  for (let pass = 0; pass < 4; pass++) {
    const short = targetLufs - integratedLoudness(out);
    if (!(Math.abs(short) > 0.1)) break;
    gainDb += short;
    out = limited(pcm, 10 ** (gainDb / 20), peakCeilingDbfs);
  }
  return out;
}

function limited(pcm: PcmAudio, gain: number, peakCeilingDbfs: number): PcmAudio {
  const ceiling = 10 ** (peakCeilingDbfs / 20) * 32767;
  const release = Math.exp(-1 / (pcm.sampleRate * 0.08));
  // Look ahead 5 ms, so the limiter's gain is down before the peak arrives.
  const ahead = Math.round(pcm.sampleRate * 0.005);
  const n = pcm.samples.length;
  // The gain each sample must have by then: a peak's reduction spread over the samples before it.
  const targetAt = new Float32Array(n).fill(1);
  for (let i = 0; i < n; i++) {
    const v = Math.abs(pcm.samples[i] * gain);
    if (v <= ceiling) continue;
    const needed = ceiling / v;
    for (let j = Math.max(0, i - ahead); j <= i; j++) if (needed < targetAt[j]) targetAt[j] = needed;
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
