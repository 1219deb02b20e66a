import type { ReadingEntry } from '../japanese/dictionary';
import { type DialogueLine, parseDialogue } from '../tts/hosts';
import { offlineTts } from '../tts/index';
import { clampSpeakingRate, type PcmAudio, type TtsProvider } from '../tts/types';
import { speakInTurns } from './dialogue-turns';
import { entriesIn, type LineCache, remembered, speechKey } from './line-cache';
import { normalizeToLufs } from './lufs';

/** When each line of the script is spoken, in milliseconds from the start of the track. */
export interface LineTiming {
  speaker: string;
  text: string;
  startMs: number;
  endMs: number;
  /**
   * The line in katakana as the voice spoke it (issue 37.2): the voice's own account where it gives one
   * (Open JTalk), else what the analyser makes of the text after the reading dictionary, which is what
   * the other voices were sent. Absent in a transcript stored before readings were kept.
   */
  reading?: string;
}

/** The analyser's reading of the lines the voice gave none for; kuromoji is loaded only when one needs it. */
async function withReadings<T extends { text: string; reading?: string }>(
  lines: T[],
  readings: readonly ReadingEntry[],
): Promise<(T & { reading: string })[]> {
  if (lines.every((l) => l.reading !== undefined)) return lines as (T & { reading: string })[];
  const { toKana } = await import('../japanese/kana');
  return Promise.all(lines.map(async (l) => ({ ...l, reading: l.reading ?? (await toKana(l.text, readings)) })));
}

/** Pauses at speaking rate 1 (seconds): before the first line, between two speakers, within a speaker's turn, after the last. */
const PAUSES = { lead: 0.3, turn: 0.42, same: 0.28, tail: 0.6 } as const;
/** Below this level (-45 dBFS) a sample counts as silence when the edges of a line are trimmed. */
const SILENCE = Math.round(32767 * 10 ** (-45 / 20));

/** The line without the silence the voice leaves before and after it (10 ms kept on each side). */
export function trimSilence(samples: Int16Array, sampleRate: number): Int16Array {
  let start = 0;
  let end = samples.length;
  while (start < end && Math.abs(samples[start]) < SILENCE) start++;
  while (end > start && Math.abs(samples[end - 1]) < SILENCE) end--;
  const keep = Math.round(sampleRate * 0.01);
  return samples.subarray(Math.max(0, start - keep), Math.min(samples.length, end + keep));
}

/** How a script is spoken: the rate, the voice (the offline one when absent), the dictionary, the cache. */
export interface DialogueOptions {
  speakingRate?: number;
  tts?: TtsProvider;
  readings?: ReadingEntry[];
  /**
   * Speech kept from earlier renders (issue 37.4): a line is spoken again only when its text, its host's
   * voice, the rate, the voice's settings or a dictionary entry whose word it holds has changed; a voice
   * that takes the turns itself is kept per dialogue, spoken again whole when any of it changed.
   */
  cache?: LineCache;
}

/**
 * The lines spoken one by one in each host's voice (trimmed, or reused from the cache), joined with
 * natural pauses (longer when the speaker changes), at the level each was spoken: the track's loudness
 * is set afterwards, on the whole, so a reused line sits in it like a new one.
 */
export async function speakLines(
  lines: DialogueLine[],
  opts: { tts: TtsProvider; rate: number; readings: readonly ReadingEntry[]; cache?: LineCache },
): Promise<{ pcm: PcmAudio; lines: LineTiming[] }> {
  const { tts, rate, readings, cache } = opts;
  const parts: Int16Array[] = [];
  const timings: LineTiming[] = [];
  let sampleRate = 22_050;
  let at = 0;
  const silence = (seconds: number) => {
    const n = Math.round((seconds / rate) * sampleRate);
    parts.push(new Int16Array(n));
    at += n;
  };
  for (const [i, line] of lines.entries()) {
    const req = {
      text: line.text,
      speakingRate: clampSpeakingRate(rate * line.voice.pace),
      voice: line.voice.voice,
      host: line.host,
      pitch: line.voice.pitch,
      range: line.voice.range,
    };
    const key = cache ? speechKey('line', tts.name, cache.voice, req, entriesIn([line.text], readings)) : '';
    const speech = await remembered(cache?.store, key, async () => {
      const spoken = await tts.synthesize({ ...req, readings });
      const meta = spoken.reading !== undefined ? { reading: spoken.reading } : {};
      return { samples: trimSilence(spoken.samples, spoken.sampleRate), sampleRate: spoken.sampleRate, meta };
    });
    sampleRate = speech.sampleRate;
    if (i === 0) silence(PAUSES.lead);
    else silence(lines[i - 1].speaker === line.speaker ? PAUSES.same : PAUSES.turn);
    const startMs = Math.round((at / sampleRate) * 1000);
    parts.push(speech.samples);
    at += speech.samples.length;
    const endMs = Math.round((at / sampleRate) * 1000);
    const reading = speech.meta.reading;
    timings.push({ speaker: line.speaker, text: line.text, startMs, endMs, ...(typeof reading === 'string' && { reading }) });
  }
  if (lines.length) silence(PAUSES.tail);
  const joined = new Int16Array(at);
  let offset = 0;
  for (const p of parts) {
    joined.set(p, offset);
    offset += p.length;
  }
  return { pcm: { samples: joined, sampleRate }, lines: timings };
}

/**
 * A two-host script spoken in each host's voice (speakLines), brought to -16 LUFS. Answers the audio
 * and when each line starts and ends, for the transcript that follows playback.
 */
export async function speakDialogue(script: string, opts: DialogueOptions = {}): Promise<{ pcm: PcmAudio; lines: LineTiming[] }> {
  const tts: TtsProvider = opts.tts ?? offlineTts();
  const readings = opts.readings ?? [];
  // A voice with a dictionary of its own (VOICEVOX) is given the entries once, before the first line.
  if (readings.length) await tts.registerReadings?.(readings);
  const rate = clampSpeakingRate(opts.speakingRate);
  const lines = parseDialogue(script);
  // A voice that takes the turns itself (Gemini) speaks the whole exchange: its turn-taking is the point.
  if (tts.speakTurns && lines.length) {
    const texts = lines.map((l) => l.text);
    const spoken = await speakInTurns(tts.speakTurns.bind(tts), lines, {
      rate,
      readings,
      leadSeconds: PAUSES.lead,
      tailSeconds: PAUSES.tail,
      cache: opts.cache && {
        store: opts.cache.store,
        key: speechKey(
          'turns',
          tts.name,
          opts.cache.voice,
          rate,
          lines.map((l) => [l.host, l.text]),
          entriesIn(texts, readings),
        ),
      },
    });
    return { pcm: spoken.pcm, lines: await withReadings(spoken.lines, readings) };
  }
  const spoken = await speakLines(lines, { tts, rate, readings, cache: opts.cache });
  return { pcm: normalizeToLufs(spoken.pcm), lines: await withReadings(spoken.lines, readings) };
}
