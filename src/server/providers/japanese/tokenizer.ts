import { createRequire } from 'node:module';
import path from 'node:path';
import kuromoji, { type IpadicFeatures, type Tokenizer } from 'kuromoji';

export type Kuromoji = Tokenizer<IpadicFeatures>;
export type Token = IpadicFeatures;

let tokenizer: Promise<Kuromoji> | undefined;

/**
 * kuromoji with its IPADIC dictionary. Building it takes about a second and some 280 MB, so it is done
 * once per process (or worker thread), and only in the processes that read Japanese.
 */
export function loadTokenizer(): Promise<Kuromoji> {
  tokenizer ??= new Promise<Kuromoji>((resolve, reject) => {
    const pkg = createRequire(import.meta.url).resolve('kuromoji/package.json');
    kuromoji.builder({ dicPath: path.join(path.dirname(pkg), 'dict') }).build((err, built) => (err ? reject(err) : resolve(built)));
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
