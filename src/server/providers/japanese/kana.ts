// Japanese text → the katakana eSpeak NG's `ja` voice can read. eSpeak reads kana only; a kanji
// comes out as "Chinese letter". Latin words are kept for the English voice (see espeak.ts).
// The operator's reading dictionary (dictionary.ts) is applied first: its words are read as written there.
import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { type ReadingEntry, splitByReadings } from './dictionary';
import { isCounter, KANJI_NUMERAL, numeralDigits, readCounted, readDigits, readNumber } from './numbers';
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

/** A number kuromoji splits into 数 tokens: 千 / 九 / 百 / 八 / 十 / 四 (a unit alone, 万 or 億, is none). */
const isKanjiNumeral = (token: IpadicFeatures | undefined) =>
  token !== undefined && token.pos_detail_1 === '数' && KANJI_NUMERAL.test(token.surface_form);
const startsNumber = (token: IpadicFeatures) =>
  DIGITS.test(token.surface_form) || (isKanjiNumeral(token) && !/^[万億兆]/.test(token.surface_form));

/** After one day or one year, 中 is "throughout" (一日中 イチニチジュー, 一年中); after others it may be "within" (チュー). */
const THROUGHOUT = new Set(['日', '年']);

/** Reads the number starting at tokens[i], with its counter; returns the reading and the last token used. */
function readNumberAt(tokens: IpadicFeatures[], i: number): [string, number] {
  const prev = surfaceAt(tokens, i - 1);
  const first = i;
  if (surfaceAt(tokens, i + 1) === '-' && DIGITS.test(surfaceAt(tokens, i + 2))) {
    // 090-1234-5678 and other hyphenated codes are read digit by digit, group by group.
    const groups = [surfaceAt(tokens, i)];
    while (surfaceAt(tokens, i + 1) === '-' && DIGITS.test(surfaceAt(tokens, i + 2))) {
      groups.push(surfaceAt(tokens, i + 2));
      i += 2;
    }
    return [`${groups.map(readDigits).join('、')}、`, i];
  }
  // Kuromoji splits 1,000 and 3.14 at the separator, and 千九百八十四 at every kanji; join them back
  // into one number, read as if written in digits (二〇二六 → 2026, 3万5千 → 35000).
  let written = surfaceAt(tokens, i);
  for (;;) {
    if (/^[,.]$/.test(surfaceAt(tokens, i + 1)) && DIGITS.test(surfaceAt(tokens, i + 2)) && /^[\d.]+$/.test(written)) {
      written += (surfaceAt(tokens, i + 1) === '.' ? '.' : '') + surfaceAt(tokens, i + 2);
      i += 2;
    } else if ((isKanjiNumeral(tokens[i + 1]) || DIGITS.test(surfaceAt(tokens, i + 1))) && !written.includes('.')) {
      written += surfaceAt(tokens, i + 1);
      i += 1;
    } else break;
  }
  const number = /^[\d.]+$/.test(written) ? written : (numeralDigits(written) ?? written);
  // Units out of order (一万万): each token as kuromoji reads it.
  if (!/^[\d.]+$/.test(number))
    return [
      tokens
        .slice(first, i + 1)
        .map((t) => (DIGITS.test(t.surface_form) ? readNumber(t.surface_form) : (t.pronunciation ?? '')))
        .join(''),
      i,
    ];
  const counter = surfaceAt(tokens, i + 1);
  const counted = isCounter(counter) ? readCounted(number, counter, surfaceAt(tokens, i + 2).charAt(0), prev) : null;
  if (counted !== null) i += 1;
  let reading = counted ?? readNumber(number);
  if (counted !== null && number === '1' && THROUGHOUT.has(counter) && surfaceAt(tokens, i + 1) === '中') {
    reading += 'ジュー';
    i += 1;
  }
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
    if (startsNumber(tokens[i])) {
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
