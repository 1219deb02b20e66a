import { normalizeLoudness, speechRms } from '../audio/loudness';
import type { PcmAudio } from './types';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** Sentence ends (kept with their sentence): Japanese and Latin full stops, ! and ?, and line breaks. */
const SENTENCE = /[^。．.!?！？\n]*(?:[。．.!?！？]+[」』）)]*|\n+|$)/gu;
/** Commas and other pauses inside a sentence, where a long one is cut. */
const CLAUSE = /[^、，,;；:：]*(?:[、，,;；:：]+|$)/gu;

/** The sentences of a text, each with its ending punctuation, blanks dropped. */
export function sentencesOf(text: string): string[] {
  return (text.match(SENTENCE) ?? []).map((s) => s.trim()).filter(Boolean);
}

/** A piece cut at character boundaries so that none exceeds `max` bytes (a last resort: no punctuation at all). */
function hardCut(text: string, max: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const ch of text) {
    if (bytes(cur + ch) > max) {
      out.push(cur);
      cur = '';
    }
    cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

/** One sentence as pieces of at most `max` bytes: whole when it fits, else at its commas, else cut. */
function sentencePieces(sentence: string, max: number): string[] {
  if (bytes(sentence) <= max) return [sentence];
  const out: string[] = [];
  let cur = '';
  for (const clause of (sentence.match(CLAUSE) ?? []).filter(Boolean)) {
    if (bytes(clause) > max) {
      if (cur) out.push(cur);
      cur = '';
      out.push(...hardCut(clause, max));
    } else if (bytes(cur + clause) > max) {
      out.push(cur);
      cur = clause;
    } else cur += clause;
  }
  if (cur) out.push(cur);
  return out.map((p) => p.trim()).filter(Boolean);
}

/**
 * A line of a script as requests a speech API accepts: each at most `maxBytes` (UTF-8), made of whole
 * sentences where they fit, a sentence longer than `maxSentenceBytes` cut at its commas (and, with
 * none, at a character boundary). `oneSentence` asks for one sentence a request (VOICEVOX, whose text
 * travels in the query string).
 */
export function splitForSpeech(text: string, opts: { maxBytes: number; maxSentenceBytes: number; oneSentence?: boolean }): string[] {
  const sentences = sentencesOf(text).map((s) => sentencePieces(s, Math.min(opts.maxSentenceBytes, opts.maxBytes)));
  if (opts.oneSentence) return sentences.flat();
  const out: string[] = [];
  let cur = '';
  for (const pieces of sentences) {
    if (pieces.length > 1) {
      // A sentence cut at its commas: its pieces go alone (joined to others they would be one long sentence again).
      if (cur) out.push(cur);
      cur = '';
      out.push(...pieces);
      continue;
    }
    const joined = cur ? `${cur}${pieces[0]}` : pieces[0];
    if (cur && bytes(joined) > opts.maxBytes) {
      out.push(cur);
      cur = pieces[0];
    } else cur = joined;
  }
  if (cur) out.push(cur);
  return out;
}

/**
 * The pieces of one line joined into one audio, each brought to the loudness of the loudest piece's
 * level (speech RMS, pauses excluded) so that a cut in the middle of a line cannot be heard as a jump.
 */
export function joinAtMatchedLoudness(pieces: PcmAudio[]): PcmAudio {
  if (pieces.length === 1) return pieces[0];
  const sampleRate = pieces[0]?.sampleRate ?? 24_000;
  const levels = pieces.map((p) => speechRms(p)).filter((r) => r > 0);
  const target = levels.length ? 20 * Math.log10(Math.max(...levels)) : -18;
  const matched = pieces.map((p) => (speechRms(p) > 0 ? normalizeLoudness(p, { targetRmsDbfs: target }) : p));
  const out = new Int16Array(matched.reduce((n, p) => n + p.samples.length, 0));
  let at = 0;
  for (const p of matched) {
    out.set(p.samples, at);
    at += p.samples.length;
  }
  return { samples: out, sampleRate };
}
