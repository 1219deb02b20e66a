// Japanese text → the katakana eSpeak NG's `ja` voice can read. eSpeak reads kana only; a kanji
// comes out as "Chinese letter". Latin words are kept for the English voice (see espeak.ts).
// The operator's reading dictionary (dictionary.ts) is applied first: its words are read as written there.
import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { type ReadingEntry, splitByReadings } from './dictionary';
import { isCounter, readCounted, readDigits, readNumber } from './numbers';
import { loadTokenizer, normalize, toKatakana } from './tokenizer';

/**
 * The kana the offline voice reads for a text: the dictionary's words as the operator wrote their
 * reading, the rest as kuromoji reads it (numbers with their counters, は as ワ).
 */
export async function toKana(text: string, readings: readonly ReadingEntry[] = []): Promise<string> {
  const tk = await loadTokenizer();
  const parts = splitByReadings(normalize(text), readings).map((part) =>
    part.reading !== undefined ? part.reading : rawKana(tk.tokenize(part.text), tk),
  );
  return tidy(parts.join(''));
}

const LETTERS: Record<string, string> = {
  A: 'エー',
  B: 'ビー',
  C: 'シー',
  D: 'ディー',
  E: 'イー',
  F: 'エフ',
  G: 'ジー',
  H: 'エイチ',
  I: 'アイ',
  J: 'ジェー',
  K: 'ケー',
  L: 'エル',
  M: 'エム',
  N: 'エヌ',
  O: 'オー',
  P: 'ピー',
  Q: 'キュー',
  R: 'アール',
  S: 'エス',
  T: 'ティー',
  U: 'ユー',
  V: 'ブイ',
  W: 'ダブリュー',
  X: 'エックス',
  Y: 'ワイ',
  Z: 'ゼット',
};

const PAUSE: Record<string, string> = {
  '。': '。',
  '.': '。',
  '!': '！',
  '?': '？',
  '、': '、',
  ',': '、',
  ':': '、',
  ';': '、',
  '…': '、',
  '‥': '、',
  '—': '、',
  '―': '、',
  '–': '、',
};
const LENGTHENERS = new Set(['ー', '〜', '~']);

const DIGITS = /^\d+$/;
const LATIN = /^[A-Za-z]+$/;
const KANJI = /\p{Script=Han}/u;

/** Acronyms read as Japanese letter names (AI → エーアイ); other words go to the English voice. */
function readLatin(word: string): string {
  return /^[A-Z]{1,4}$/.test(word) ? [...word].map((c) => LETTERS[c]).join('') : word;
}

function readToken(token: IpadicFeatures, tk: Tokenizer<IpadicFeatures>): string {
  const known = [token.pronunciation, token.reading].find((r) => r && r !== '*');
  if (known) return known;
  if (!KANJI.test(token.surface_form)) return token.surface_form;
  // An unknown compound: read it a character at a time rather than let eSpeak say "Chinese letter".
  return [...token.surface_form]
    .map((c) => {
      const [t] = tk.tokenize(c);
      return [t?.pronunciation, t?.reading].find((r) => r && r !== '*') ?? '';
    })
    .join('');
}

function readPunctuation(surface: string): string | undefined {
  if (/^\s+$/.test(surface)) return surface.includes('\n') ? '。' : ' ';
  if (/^\.{2,}$/.test(surface)) return '、';
  if (surface === '・') return ' ';
  // Kuromoji keeps runs like "?!" together.
  const marks = [...surface].map((c) => PAUSE[c]);
  return marks.every(Boolean) ? marks.join('') : undefined;
}

const surfaceAt = (tokens: IpadicFeatures[], i: number) => tokens[i]?.surface_form ?? '';

/** Reads the number starting at tokens[i], with its counter; returns the reading and the last token used. */
function readNumberAt(tokens: IpadicFeatures[], i: number): [string, number] {
  if (surfaceAt(tokens, i + 1) === '-' && DIGITS.test(surfaceAt(tokens, i + 2))) {
    // 090-1234-5678 and other hyphenated codes are read digit by digit, group by group.
    const groups = [surfaceAt(tokens, i)];
    while (surfaceAt(tokens, i + 1) === '-' && DIGITS.test(surfaceAt(tokens, i + 2))) {
      groups.push(surfaceAt(tokens, i + 2));
      i += 2;
    }
    return [`${groups.map(readDigits).join('、')}、`, i];
  }
  // Kuromoji splits 1,000 and 3.14 at the separator; join them back into one number.
  let number = surfaceAt(tokens, i);
  while (/^[,.]$/.test(surfaceAt(tokens, i + 1)) && DIGITS.test(surfaceAt(tokens, i + 2))) {
    number += (surfaceAt(tokens, i + 1) === '.' ? '.' : '') + surfaceAt(tokens, i + 2);
    i += 2;
  }
  const counter = surfaceAt(tokens, i + 1);
  const counted = isCounter(counter) ? readCounted(number, counter, surfaceAt(tokens, i + 2).charAt(0)) : null;
  if (counted !== null) i += 1;
  let reading = counted ?? readNumber(number);
  // 3〜5人: a range between numbers reads から.
  if (LENGTHENERS.has(surfaceAt(tokens, i + 1)) && DIGITS.test(surfaceAt(tokens, i + 2))) {
    reading += 'カラ';
    i += 1;
  }
  return [reading, i];
}

export function tokensToKana(tokens: IpadicFeatures[], tk: Tokenizer<IpadicFeatures>): string {
  return tidy(rawKana(tokens, tk));
}

/** The kana of these tokens before tidy (pieces read apart are joined, then tidied once). */
function rawKana(tokens: IpadicFeatures[], tk: Tokenizer<IpadicFeatures>): string {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const surface = tokens[i].surface_form;
    if (DIGITS.test(surface)) {
      const [reading, last] = readNumberAt(tokens, i);
      out.push(reading);
      i = last;
    } else if (LATIN.test(surface)) {
      const read = readLatin(surface);
      out.push(read === surface ? ` ${read} ` : read);
    } else if (surface === "'" && /[A-Za-z] $/.test(out.at(-1) ?? '') && LATIN.test(surfaceAt(tokens, i + 1))) {
      // don't: kuromoji splits at the apostrophe; rejoin the word for the English voice.
      out.push(`${out.pop()?.trimEnd()}'${surfaceAt(tokens, ++i)} `);
    } else if (LENGTHENERS.has(surface)) {
      out.push('ー');
    } else {
      out.push(readPunctuation(surface) ?? toKatakana(readToken(tokens[i], tk)));
    }
  }
  return out.join('');
}

/** Keeps only what eSpeak reads well: katakana, Latin words, spaces and the four pauses. */
export function tidy(text: string): string {
  return (
    text
      .replace(/[ヵヶ]/g, 'カ')
      .replace(/[ゎヮ]/g, 'ワ')
      .replace(/[^\u30A1-\u30FA\u30FCA-Za-z' 。、！？]/g, '')
      .replace(/'(?![A-Za-z])|(?<![A-Za-z])'/g, '')
      // A long-vowel mark only lengthens kana; alone it is read as "Japanese letter".
      .replace(/(^|[^\u30A1-\u30FA\u30FC])ー+/g, '$1')
      .replace(/ +/g, ' ')
      .replace(/ ?([。、！？]) ?/g, '$1')
      .replace(/[。、！？]{2,}/g, collapsePauses)
      .replace(/^[ 。、！？]+/, '')
      .trimEnd()
      .replace(/、$/, '')
  );
}

function collapsePauses(run: string): string {
  for (const p of ['？', '！', '。']) if (run.includes(p)) return p;
  return '、';
}
