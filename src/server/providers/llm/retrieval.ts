import type { SupportPassage } from './types';

/**
 * The offline support chat's search over Mugen's own texts: Japanese has no spaces between words, so a
 * text is read as its character bigrams (料金はいくら → 料金 金は はい いく くら), and passages are
 * ranked by BM25 over them. A bigram found in few passages (解約, 料金) weighs much more than one found
 * in most (です, ます). A passage's title and keywords count twice, its body once.
 */

/** NFKC (full-width letters and digits to half-width), lower case, only letters, digits, kana and kanji. */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\*\*|\[|\]|\(\/[a-z0-9/-]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}ー]+/gu, ' ')
    .trim();
}

/** The character bigrams of a text, counted; a one-character word counts as itself. */
export function bigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  for (const word of normalise(text).split(' ')) {
    const chars = [...word];
    if (chars.length === 1) grams.set(chars[0], (grams.get(chars[0]) ?? 0) + 1);
    for (let i = 0; i + 1 < chars.length; i++) {
      const g = chars[i] + chars[i + 1];
      grams.set(g, (grams.get(g) ?? 0) + 1);
    }
  }
  return grams;
}

/**
 * How a question ends says little about what it asks (ですか, ください, したい): these endings and
 * fillers leave the question before it is searched, so 返金できますか is searched as 返金 and でき.
 */
const ASKING =
  /(でしょうか|ですか|ますか|ませんか|ください|下さい|くれますか|教えて|おしえて|について|っていう|とは|って|したいです|たいです|したい|ですが|ますが|ません|です|ます|の\?|んですけど|けど)/g;

/** A bigram of hiragana only (した, ます) is a particle or an ending more often than a word: it weighs less. */
const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;
const gramWeight = (g: string) => (HIRAGANA_ONLY.test(g) ? 0.35 : 1);

/** The words of a question that are searched for: markup (<b>, <script>) and asking endings removed. */
export const questionText = (question: string) => normalise(question.replace(/<[^<>]{0,200}>/g, ' ')).replace(ASKING, ' ');

interface Indexed {
  passage: SupportPassage;
  grams: Map<string, number>;
  length: number;
}

interface Index {
  docs: Indexed[];
  df: Map<string, number>;
  avgLength: number;
}

const K1 = 1.2;
const B = 0.6;

const indexes = new WeakMap<readonly SupportPassage[], Index>();

function indexOf(passages: readonly SupportPassage[]): Index {
  const known = indexes.get(passages);
  if (known) return known;
  const docs = passages.map((passage) => {
    const weighted = [passage.title, passage.title, ...passage.keywords, ...passage.keywords, passage.text].join(' ');
    const grams = bigrams(weighted);
    let length = 0;
    for (const n of grams.values()) length += n;
    return { passage, grams, length };
  });
  const df = new Map<string, number>();
  for (const d of docs) for (const g of d.grams.keys()) df.set(g, (df.get(g) ?? 0) + 1);
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, docs.length);
  const index = { docs, df, avgLength };
  indexes.set(passages, index);
  return index;
}

export interface Ranked {
  passage: SupportPassage;
  score: number;
  /** The share of the question's weight found in the passage (0 to 1). */
  coverage: number;
}

/** Passages ranked for a question, best first, those sharing nothing with it left out. */
export function rankPassages(question: string, passages: readonly SupportPassage[]): Ranked[] {
  const { docs, df, avgLength } = indexOf(passages);
  const n = docs.length;
  const idf = (g: string) => {
    const f = df.get(g) ?? 0;
    return Math.log(1 + (n - f + 0.5) / (f + 0.5));
  };
  const query = [...bigrams(questionText(question)).keys()];
  const weight = (g: string) => idf(g) * gramWeight(g);
  const total = query.reduce((sum, g) => sum + weight(g), 0);
  if (total === 0) return [];
  const ranked: Ranked[] = [];
  for (const d of docs) {
    let score = 0;
    let found = 0;
    for (const g of query) {
      const tf = d.grams.get(g) ?? 0;
      if (!tf) continue;
      const w = weight(g);
      found += w;
      score += (w * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * d.length) / avgLength));
    }
    // The FAQ is written as answers to questions: it wins a tie with a legal article.
    if (d.passage.source.kind === 'faq') score *= 1.15;
    if (score > 0) ranked.push({ passage: d.passage, score, coverage: found / total });
  }
  return ranked.sort((a, b) => b.score - a.score || a.passage.id.localeCompare(b.passage.id));
}
