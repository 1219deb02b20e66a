import type { PcmAudio } from '../tts/types';

export interface LoudnessOptions {
  /** Level of the speech itself (silences excluded), in dB below full scale. */
  targetRmsDbfs?: number;
  /** The gain never pushes a sample above this. */
  peakCeilingDbfs?: number;
  /** Near-silent input is not blown up into noise. */
  maxGainDb?: number;
}

const FULL_SCALE = 32767;
const WINDOW_SECONDS = 0.02;
/** Windows quieter than this are pauses and would drag the average down. */
const GATE_DBFS = -50;

const fromDb = (db: number) => 10 ** (db / 20);

/** The RMS of the windows above the silence gate, as a fraction of full scale (0 when all silent). */
export function speechRms(pcm: PcmAudio): number {
  const { samples } = pcm;
  const window = Math.max(1, Math.round(pcm.sampleRate * WINDOW_SECONDS));
  const gate = (fromDb(GATE_DBFS) * FULL_SCALE) ** 2;
  let energy = 0;
  let count = 0;
  for (let start = 0; start < samples.length; start += window) {
    const end = Math.min(samples.length, start + window);
    let sum = 0;
    for (let i = start; i < end; i++) sum += samples[i] * samples[i];
    if (sum / (end - start) < gate) continue;
    energy += sum;
    count += end - start;
  }
  return count ? Math.sqrt(energy / count) / FULL_SCALE : 0;
}

export function peakLevel(samples: Int16Array): number {
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  return Math.min(peak, FULL_SCALE) / FULL_SCALE;
}

/**
 * Brings speech to one level so tracks from different voices and providers sit together in the
 * radio stream: gain towards the target RMS, limited by the peak ceiling. Returns new samples.
 */
export function normalizeLoudness(pcm: PcmAudio, opts: LoudnessOptions = {}): PcmAudio {
  const { targetRmsDbfs = -18, peakCeilingDbfs = -1, maxGainDb = 20 } = opts;
  const rms = speechRms(pcm);
  const peak = peakLevel(pcm.samples);
  if (rms === 0 || peak === 0) return { samples: pcm.samples.slice(), sampleRate: pcm.sampleRate };
  const gain = Math.min(fromDb(targetRmsDbfs) / rms, fromDb(peakCeilingDbfs) / peak, fromDb(maxGainDb));
  const out = new Int16Array(pcm.samples.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(-32768, Math.min(FULL_SCALE, Math.round(pcm.samples[i] * gain)));
  return { samples: out, sampleRate: pcm.sampleRate };
}
