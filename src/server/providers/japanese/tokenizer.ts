import { createRequire } from 'node:module';
import path from 'node:path';
import kuromoji, { type IpadicFeatures, type Tokenizer } from 'kuromoji';
import { leanDictionaryLoading } from './kuromoji-lean';

export type Kuromoji = Tokenizer<IpadicFeatures>;
export type Token = IpadicFeatures;

let tokenizer: Promise<Kuromoji> | undefined;

/**
 * The longest stretch kuromoji is given at once (issue 36.5). For a run of one kind of character that
 * its unknown-word rules group (katakana, Latin, digits, spaces), kuromoji tries a word from every
 * position to the run's end: the cost grows with the square of the run (2,000 katakana: about 0.35 s,
 * 4,000: four times that), so one long text could hold the dictionary's helper for seconds. Cut into
 * pieces of at most this length, at a space or a punctuation mark, else where the kind of character
 * changes, else anywhere, the cost grows with the length. No word of the dictionary is this long.
 */
export const TOKENIZE_PIECE = 200;

const BREAK = /[\s、。，．,.!?！？「」『』（）()・…]/u;
const kindOf = (c: string) =>
  /\p{Script=Han}/u.test(c)
    ? 'han'
    : /\p{Script=Hiragana}/u.test(c)
      ? 'hira'
      : /[\p{Script=Katakana}ー]/u.test(c)
        ? 'kata'
        : /\p{L}/u.test(c)
          ? 'latin'
          : /\d/.test(c)
            ? 'digit'
            : 'other';

/** `text` cut into pieces of at most TOKENIZE_PIECE characters (code units), each cut where it hurts least. */
export function tokenizePieces(text: string): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > TOKENIZE_PIECE) {
    let cut = -1;
    for (let i = TOKENIZE_PIECE; i > TOKENIZE_PIECE / 2 && cut < 0; i--) if (BREAK.test(rest[i - 1])) cut = i;
    for (let i = TOKENIZE_PIECE; i > TOKENIZE_PIECE / 2 && cut < 0; i--) if (kindOf(rest[i - 1]) !== kindOf(rest[i])) cut = i;
    if (cut < 0) cut = TOKENIZE_PIECE;
    // Never between the halves of a surrogate pair.
    if (/[\uDC00-\uDFFF]/.test(rest[cut] ?? '')) cut -= 1;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/**
 * kuromoji with its IPADIC dictionary, held lean (kuromoji-lean.ts). Building it takes about a second and
 * some 120 MB, so it is done once per process, and only in the processes that read Japanese.
 */
export function loadTokenizer(): Promise<Kuromoji> {
  tokenizer ??= new Promise<Kuromoji>((resolve, reject) => {
    const pkg = createRequire(import.meta.url).resolve('kuromoji/package.json');
    const ownWays = leanDictionaryLoading();
    kuromoji.builder({ dicPath: path.join(path.dirname(pkg), 'dict') }).build((err, built) => {
      ownWays();
      if (err) return reject(err);
      const whole = built.tokenize.bind(built);
      built.tokenize = (text: string) => {
        if (text.length <= TOKENIZE_PIECE) return whole(text);
        return tokenizePieces(text).flatMap((piece) => whole(piece));
      };
      resolve(built);
    });
  }).catch((err: unknown) => {
    tokenizer = undefined;
    throw err;
  });
  return tokenizer;
}

/** NFKC folds full-width Latin, digits and punctuation, so the rules see one form each. */
export function normalize(text: string): string {
  return text.normalize('NFKC').replace(/\r\n?/g, '\n');
}

/** ぁ..ゖ → ァ..ヶ. */
export const toKatakana = (s: string) => s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/** ァ..ヶ → ぁ..ゖ (the katakana that have a hiragana; ヷ..ヺ and ー stay). */
export const toHiragana = (s: string) => s.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
