import { createRequire } from 'node:module';
import path from 'node:path';
import kuromoji from 'kuromoji';
import { describe, expect, it } from 'vitest';
import { type Kuromoji, loadTokenizer } from './tokenizer';

const dicPath = path.join(path.dirname(createRequire(import.meta.url).resolve('kuromoji/package.json')), 'dict');

/** kuromoji as it comes: its own loader and its own word map. */
const stock = () =>
  new Promise<Kuromoji>((resolve, reject) => kuromoji.builder({ dicPath }).build((err, tk) => (err ? reject(err) : resolve(tk))));

interface Internals {
  token_info_dictionary: { target_map: Record<number, ArrayLike<number> | undefined>; dictionary: { buffer: Uint8Array } };
  unknown_dictionary: { dictionary: { buffer: Uint8Array }; pos_buffer: { buffer: Uint8Array } };
}

const TEXT =
  '東京都庁の会議は午後三時から始まります。温泉旅行に行きたいですね！ハルカ：今日はパスワードを守る基本について話します。ＡＢＣ１２３とｘｙｚ、そして「浮世絵」はなぜ世界の画家たちを驚かせたのか。';

describe('#37.6 kuromoji held lean (the dictionary helper: 300 MB → under 200 MB)', () => {
  it('#37.6 answers every word-map key, every dictionary byte and every token as kuromoji itself does', async () => {
    const lean = (await loadTokenizer()) as unknown as Internals & Kuromoji;
    const own = (await stock()) as unknown as Internals & Kuromoji;
    const leanMap = lean.token_info_dictionary.target_map;
    const ownMap = own.token_info_dictionary.target_map;
    const keys = Object.keys(ownMap).map(Number);
    expect(keys.length).toBe(325_871);
    let differ = 0;
    for (const key of keys) if (Array.from(leanMap[key] ?? []).join() !== (ownMap[key] as number[]).join()) differ += 1;
    expect(differ).toBe(0);
    // Views on the file's one buffer, not 326,000 arrays (62 MB of heap).
    expect(leanMap[keys[0]]).toBeInstanceOf(Int32Array);
    expect(leanMap[-1]).toBeUndefined();
    expect(leanMap[10_000_000]).toBeUndefined();
    expect(Buffer.compare(lean.token_info_dictionary.dictionary.buffer, own.token_info_dictionary.dictionary.buffer)).toBe(0);
    expect(Buffer.compare(lean.unknown_dictionary.pos_buffer.buffer, own.unknown_dictionary.pos_buffer.buffer)).toBe(0);
    expect(lean.tokenize(TEXT)).toEqual(own.tokenize(TEXT));
  });
});
