import type { ReadingEntry } from '../japanese/dictionary';
import type { DialogueLine } from '../tts/hosts';
import type { PcmAudio, SpokenTurns, TtsProvider } from '../tts/types';
import { remembered, type SpeechCache } from './line-cache';
import { normalizeToLufs } from './lufs';

/** A line of the transcript and when it is spoken (dialogue.ts's LineTiming). */
interface TimedLine {
  speaker: string;
  text: string;
  startMs: number;
  endMs: number;
}

/** The turns kept with a dialogue's speech, when they are one per line, in order and within it. */
function keptTurns(meta: Record<string, unknown>, lines: number, samples: number): SpokenTurns['turns'] | undefined {
  const turns = meta.turns;
  if (!Array.isArray(turns) || turns.length !== lines) return undefined;
  const valid = turns.every(
    (t) => Number.isInteger(t?.start) && Number.isInteger(t?.end) && t.start >= 0 && t.start <= t.end && t.end <= samples,
  );
  return valid ? (turns as SpokenTurns['turns']) : undefined;
}

/**
 * The dialogue spoken by a voice that takes the turns itself (`speakTurns`): the whole script at the
 * rate, the lead and tail silences of the line-by-line path around it, -16 LUFS, each line timed where
 * the voice found its turn. With a cache, the same dialogue (same turns, rate, voice and dictionary words)
 * is not spoken again: one call speaks every turn, so a changed line is a new call for all of them.
 */
export async function speakInTurns(
  speakTurns: NonNullable<TtsProvider['speakTurns']>,
  lines: DialogueLine[],
  opts: {
    rate: number;
    readings: readonly ReadingEntry[];
    leadSeconds: number;
    tailSeconds: number;
    cache?: { store: SpeechCache; key: string };
  },
): Promise<{ pcm: PcmAudio; lines: TimedLine[] }> {
  const speak = () =>
    speakTurns({ turns: lines.map((l) => ({ host: l.host, text: l.text })), speakingRate: opts.rate, readings: opts.readings });
  let made = undefined as SpokenTurns | undefined;
  const kept = await remembered(opts.cache?.store, opts.cache?.key ?? '', async () => {
    made = await speak();
    return { samples: made.pcm.samples, sampleRate: made.pcm.sampleRate, meta: { turns: made.turns } };
  });
  // Kept turns that do not fit the dialogue (a damaged file) are spoken again.
  const turns = made ? undefined : keptTurns(kept.meta, lines.length, kept.samples.length);
  const spoken: SpokenTurns = made ?? (turns ? { pcm: { samples: kept.samples, sampleRate: kept.sampleRate }, turns } : await speak());
  const { sampleRate } = spoken.pcm;
  const lead = Math.round((opts.leadSeconds / opts.rate) * sampleRate);
  const tail = Math.round((opts.tailSeconds / opts.rate) * sampleRate);
  const samples = new Int16Array(lead + spoken.pcm.samples.length + tail);
  samples.set(spoken.pcm.samples, lead);
  const ms = (i: number) => Math.round(((lead + i) / sampleRate) * 1000);
  return {
    pcm: normalizeToLufs({ samples, sampleRate }),
    lines: lines.map((l, i) => ({ speaker: l.speaker, text: l.text, startMs: ms(spoken.turns[i].start), endMs: ms(spoken.turns[i].end) })),
  };
}
