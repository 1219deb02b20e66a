import type { JapaneseEngine } from '../../providers/japanese/types';
import type { SupportPassage } from './knowledge';

/**
 * The offline support chat's search over Mugen's own texts (issue 25.4): a text is read as the base
 * forms of its content words, each folded into its synonym group (providers/japanese: 解約したいのですが
 * → 解約; 聴ける → 聞く; 月額いくら → 料金 料金), and passages are ranked by BM25 over those words. A word
 * found in few passages (解約, パスワード) weighs much more than one found in most (番組, 無限). A
 * passage's title and keywords count twice, its body once. The words come from the dictionary process
 * (providers/japanese/helper.ts): the web process never loads kuromoji (issue 27).
 */

/** NFKC, lower case; markup of the question (<b>, <script>) and the pages' link syntax removed. */
export function plainText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/<[^<>]{0,200}>/g, ' ')
    .replace(/\*\*|\[|\]|\(\/[a-z0-9/-]*\)/g, ' ');
}

const countOf = (words: string[]) => {
  const m = new Map<string, number>();
  for (const w of words) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
};

interface Indexed {
  passage: SupportPassage;
  words: Map<string, number>;
  length: number;
}

interface Index {
  docs: Indexed[];
  df: Map<string, number>;
  avgLength: number;
}

const K1 = 1.2;
const B = 0.6;

/** Built once per set of passages (one question to the dictionary process for all their texts). */
const indexes = new WeakMap<readonly SupportPassage[], Promise<Index>>();

async function buildIndex(japanese: JapaneseEngine, passages: readonly SupportPassage[]): Promise<Index> {
  const texts = passages.flatMap((p) => [p.title, ...p.keywords, p.text].map(plainText));
  const read = await japanese.contentWords(texts);
  let next = 0;
  const docs = passages.map((passage) => {
    const title = read[next++];
    const keywords = passage.keywords.flatMap(() => read[next++]);
    const words = [...title, ...title, ...keywords, ...keywords, ...read[next++]];
    return { passage, words: countOf(words), length: words.length };
  });
  const df = new Map<string, number>();
  for (const d of docs) for (const w of d.words.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, docs.length);
  return { docs, df, avgLength };
}

function indexOf(japanese: JapaneseEngine, passages: readonly SupportPassage[]): Promise<Index> {
  let index = indexes.get(passages);
  if (!index) {
    index = buildIndex(japanese, passages);
    indexes.set(passages, index);
    // A failure (the helper could not load the dictionary) is not kept: the next question tries again.
    index.catch(() => indexes.delete(passages));
  }
  return index;
}

export interface Ranked {
  passage: SupportPassage;
  score: number;
  /** The share of the question's weight found in the passage (0 to 1). */
  coverage: number;
}

/** The question's searchable words (distinct). */
export async function questionWords(japanese: JapaneseEngine, question: string): Promise<string[]> {
  const [words] = await japanese.contentWords([plainText(question)]);
  return [...new Set(words)];
}

/** Passages ranked for a question, best first, those sharing nothing with it left out. */
export async function rankPassages(japanese: JapaneseEngine, question: string, passages: readonly SupportPassage[]): Promise<Ranked[]> {
  const [{ docs, df, avgLength }, words] = await Promise.all([indexOf(japanese, passages), questionWords(japanese, question)]);
  const n = docs.length;
  const idf = (w: string) => {
    const f = df.get(w) ?? 0;
    return Math.log(1 + (n - f + 0.5) / (f + 0.5));
  };
  // A word no passage holds says nothing about which one answers: it does not lower the coverage.
  const query = words.filter((w) => df.has(w));
  const total = query.reduce((sum, w) => sum + idf(w), 0);
  if (total === 0) return [];
  const ranked: Ranked[] = [];
  for (const d of docs) {
    let score = 0;
    let found = 0;
    for (const w of query) {
      const tf = d.words.get(w) ?? 0;
      if (!tf) continue;
      const weight = idf(w);
      found += weight;
      score += (weight * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * d.length) / avgLength));
    }
    // The FAQ is written as answers to questions: it wins a tie with a legal article.
    if (d.passage.source.kind === 'faq') score *= 1.15;
    if (score > 0) ranked.push({ passage: d.passage, score, coverage: found / total });
  }
  return ranked.sort((a, b) => b.score - a.score || a.passage.id.localeCompare(b.passage.id));
}
