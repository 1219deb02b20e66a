import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { termsOf } from './analyse';
import { speechSeconds } from './speech-length';

/**
 * Step 5 of the writer: the figures issue 25.1 holds a script to, measured on the script and the text
 * it was written from. The tests assert them; scripts/dialogue-figures.ts prints them.
 */
export interface Figures {
  lines: number;
  /** Share of line changes that switch speaker (at least 0.9). */
  switchRate: number;
  /** Each speaker's share of the lines (each between 0.35 and 0.65). */
  shares: Record<string, number>;
  /** The text's content nouns and numbers, and the share of them the script says (at least 0.8). */
  keyTerms: number;
  coverage: number;
  /** Lines that ask (at least 3), and those that ask in the text's own words (most of them). */
  questions: number;
  textQuestions: number;
  /** Lines said more than once (none). */
  duplicates: number;
  /** The offline voice's estimate (speech-length.ts speechSeconds). */
  seconds: number;
}

const LABEL = /^([^：:\n]{1,10})[：:](.*)$/;

/** The text's key terms: its content nouns and numbers, each once. */
export function keyTermsOf(text: string, tk: Tokenizer<IpadicFeatures>): string[] {
  return [...new Set(termsOf(tk.tokenize(text.normalize('NFC'))).terms)];
}

export function figuresOf(script: string, text: string, tk: Tokenizer<IpadicFeatures>): Figures {
  const lines = script
    .split('\n')
    .map((l) => LABEL.exec(l))
    .filter((m): m is RegExpExecArray => m !== null && m[2].trim() !== '')
    .map((m) => ({ speaker: m[1], text: m[2].trim() }));
  let switches = 0;
  for (let i = 1; i < lines.length; i++) if (lines[i].speaker !== lines[i - 1].speaker) switches++;
  const shares: Record<string, number> = {};
  for (const l of lines) shares[l.speaker] = (shares[l.speaker] ?? 0) + 1 / lines.length;
  const terms = keyTermsOf(text, tk);
  const said = lines.map((l) => l.text).join('\n');
  const asks = lines.filter((l) => /[？?]$/.test(l.text));
  return {
    lines: lines.length,
    switchRate: lines.length > 1 ? switches / (lines.length - 1) : 1,
    shares,
    keyTerms: terms.length,
    coverage: terms.length ? terms.filter((t) => said.includes(t)).length / terms.length : 1,
    questions: asks.length,
    textQuestions: asks.filter((q) => terms.some((t) => q.text.includes(t))).length,
    duplicates: lines.length - new Set(lines.map((l) => l.text)).size,
    seconds: speechSeconds(script),
  };
}
