import { canonical } from './synonyms';
import { type Kuromoji, loadTokenizer, type Token } from './tokenizer';

/**
 * Words a question is made of, for search (issue 25.4): kuromoji's base forms of its content words
 * (解約したいのですが → 解約; 聴ける → 聴ける; 忘れました → 忘れる), each folded into its synonym
 * group (synonyms.ts), and neighbouring nouns also as one compound (招待 + コード → 招待コード). Particles,
 * endings, auxiliaries and the verbs of asking (する, できる, 教える) carry nothing and are left out.
 */

/** Base forms that say how something is asked, not what. */
const STOP = new Set([
  'する',
  'ある',
  'いる',
  'なる',
  'できる',
  'れる',
  'られる',
  'せる',
  'いう',
  'くる',
  'いく',
  'ない',
  'よい',
  'いい',
  '思う',
  '教える',
  '知る',
  'くださる',
  'ください',
  'もらう',
  'くれる',
  'こと',
  'もの',
  'ところ',
  'とき',
  'よう',
  'ほう',
  '方法',
  'どう',
  'どれ',
  'どこ',
  'なぜ',
  'これ',
  'それ',
  'あれ',
  'です',
  'ます',
]);

const CONTENT = (t: Token) =>
  // 何 (なに) asks what something is: a pronoun, but a word of its own in a question.
  baseOf(t) === '何' ||
  (t.pos === '名詞' && !['非自立', '代名詞', '特殊', '接尾'].includes(t.pos_detail_1)) ||
  ((t.pos === '動詞' || t.pos === '形容詞') && t.pos_detail_1 === '自立') ||
  // いくら, ずっと: an adverb in the synonym table is a word people ask with.
  (t.pos === '副詞' && canonical(baseOf(t)) !== baseOf(t));

const baseOf = (t: Token) => (t.basic_form && t.basic_form !== '*' ? t.basic_form : t.surface_form).toLowerCase();

/** The searchable words of a text with the tokenizer at hand (in order, repeats kept: they count). */
export function contentWordsWith(tk: Kuromoji, text: string): string[] {
  const tokens = tk.tokenize(text.normalize('NFKC').toLowerCase());
  const words: string[] = [];
  let run: string[] = [];
  const endRun = () => {
    if (run.length > 1) words.push(run.join(''));
    run = [];
  };
  for (const t of tokens) {
    if (t.pos === '名詞' && !['非自立', '代名詞'].includes(t.pos_detail_1) && /[\p{L}\p{N}]/u.test(t.surface_form))
      run.push(t.surface_form.toLowerCase());
    else endRun();
    if (!CONTENT(t)) continue;
    const base = baseOf(t);
    if (STOP.has(base) || !/[\p{L}\p{N}]/u.test(base)) continue;
    words.push(canonical(base));
  }
  endRun();
  return words;
}

/** The same, loading the dictionary first (about a second, once per process). */
export async function contentWords(text: string): Promise<string[]> {
  return contentWordsWith(await loadTokenizer(), text);
}
