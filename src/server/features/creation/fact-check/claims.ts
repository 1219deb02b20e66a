import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { clip } from '../../../../shared/rules/text';
import type { Claim } from '../../../../shared/schemas/creation';
import type { JapaneseEngine } from '../../../providers/japanese/types';

/**
 * The offline claim detector (issue 25.2, decision 0028): which sentences of a script a listener may take
 * as fact and would want a source for, each pinned to its script line. Read with kuromoji, not by
 * characters: a number is a run of kuromoji's 名詞,数 tokens read as a value (一九六八 is 1968, 一万八千
 * is 18,000), a counter is the 接尾 that follows it, a hedge is a base form (思う, しれる).
 *
 * Claims: statistics and quantities (約一万八千軒, 35%, 三割, 二倍), dates and years (一九六八年, 3月15日,
 * 昭和40年, 1960年代), attributions (〜によると, 調査, 統計, 発表, 研究, 白書), superlatives and firsts
 * (最も多い, 一番高い, 最大, 世界一, 唯一, 世界で初めて, 史上初), and absolutes stated as fact (必ず健康になります,
 * 絶対に, 確実に, 100%).
 * Not claims: opinions and hedges (〜かもしれません, 〜と思います, 〜が大切です, 〜でしょう, 〜と言われています),
 * questions, a 一番/最も that ranks a judgement rather than a measure (一番の理由, 最も大切なのは, 一番危ない),
 * and the counts of everyday instructions (三十分ほど浸す, 十回).
 */

export type ClaimKind = 'statistic' | 'date' | 'attribution' | 'superlative' | 'absolute';

/** A sentence of the script and the index of the line (script split on `\n`) that says it. */
export interface ScriptSentence {
  line: number;
  text: string;
}

const LABEL = /^\s*[^\s：:]{1,10}[：:]\s*/;

/** The sentences of each script line (the speaker's label left out), with the line's 0-based index. */
export function scriptSentences(script: string): ScriptSentence[] {
  return script.split('\n').flatMap((raw, line) => {
    const text = raw.replace(LABEL, '').trim();
    return (text.match(/[^。！？!?]+[。！？!?」』）)]*/g) ?? [])
      .map((s) => s.trim())
      .filter((s) => s.replace(/[。！？!?、「」\s]/g, '').length > 0)
      .map((s) => ({ line, text: s }));
  });
}

const KANJI_DIGITS: Record<string, number> = { 〇: 0, 零: 0, 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 壱: 1, 弐: 2 };
const SMALL_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };
const BIG_UNITS: Record<string, number> = { 万: 1e4, 億: 1e8, 兆: 1e12 };

/**
 * A number as written in Japanese, or null: digits (full- or half-width, with thousands commas and a
 * decimal point), kanji read digit by digit (一九六八 → 1968) or with units (一万八千 → 18000, 二千 → 2000),
 * or both (1万8千).
 */
export function parseJapaneseNumber(written: string): number | null {
  const s = written.normalize('NFKC').replace(/,/g, '');
  if (!s) return null;
  if (/^\d+(?:\.\d+)?$/.test(s)) return Number(s);
  if (!/^[\d.〇零一二三四五六七八九壱弐十百千万億兆]+$/.test(s)) return null;
  if (!/[十百千万億兆]/.test(s)) {
    // Read digit by digit: 一九六八, 二〇二四.
    const digits = [...s].map((c) => (/\d/.test(c) ? Number(c) : KANJI_DIGITS[c]));
    return digits.some((d) => d === undefined) ? null : Number(digits.join(''));
  }
  let total = 0;
  let section = 0;
  let current: number | null = null;
  let digits = '';
  const flushDigits = () => {
    if (digits) {
      current = Number(digits);
      digits = '';
    }
  };
  for (const c of s) {
    if (/[\d.]/.test(c)) digits += c;
    else if (c in KANJI_DIGITS) {
      flushDigits();
      current = (current ?? 0) * 10 + KANJI_DIGITS[c];
    } else if (c in SMALL_UNITS) {
      flushDigits();
      section += (current ?? 1) * SMALL_UNITS[c];
      current = null;
    } else {
      flushDigits();
      total += (section + (current ?? 0) || 1) * BIG_UNITS[c];
      section = 0;
      current = null;
    }
  }
  flushDigits();
  return total + section + (current ?? 0);
}

/** Units that make any number a statistic: a share, a ratio, money. */
const RATIO_UNITS = new Set(['%', '％', 'パーセント', '割', '倍']);
const ERAS = new Set(['明治', '大正', '昭和', '平成', '令和', '西暦', '紀元前']);
const ATTRIBUTION_WORDS = new Set([
  '統計',
  '調査',
  '発表',
  '研究',
  '報告',
  '白書',
  '論文',
  'データ',
  '国勢調査',
  '世論調査',
  '試算',
  '推計',
]);
const SUPERLATIVE_WORDS = new Set([
  '最大',
  '最多',
  '最小',
  '最少',
  '最古',
  '最高',
  '最低',
  '最長',
  '最短',
  '最新',
  '最速',
  '唯一',
  '世界一',
  '日本一',
  '史上',
]);
/**
 * What a 一番 / 最も must rank to state a fact: a measure (最も多い, 一番古い, 一番有名). Anything else
 * ranks a judgement (一番の理由, 最も大切なのは, 一番危ない, 一番のこつ), an opinion.
 */
const MEASURED = new Set([
  '多い',
  '少ない',
  '高い',
  '低い',
  '大きい',
  '小さい',
  '古い',
  '新しい',
  '長い',
  '短い',
  '早い',
  '速い',
  '遅い',
  '広い',
  '狭い',
  '深い',
  '浅い',
  '重い',
  '軽い',
  '安い',
  '暑い',
  '寒い',
  '近い',
  '遠い',
  '有名',
  '人気',
  '売れる',
]);
/** Counters of everyday instructions and small talk, not statistics: 三十分ほど浸す, 十回繰り返す, 二十ページ読む. */
const EVERYDAY_UNITS = new Set([
  '分',
  '秒',
  '時間',
  '分間',
  '秒間',
  '時',
  '回',
  '杯',
  '個',
  '枚',
  '本',
  'つ',
  'グラム',
  'g',
  'ml',
  'cc',
  '歩',
  'ページ',
  '行',
  '文字',
  '品',
]);
/** Money: a statistic from ten on (一円単位で is not one). */
const MONEY_UNITS = new Set(['円', 'ドル', 'ユーロ']);
/** Sentence endings of opinion, recommendation and hedge (read on the text; kuromoji splits them unevenly). */
const HEDGE_ENDINGS =
  /(かもしれ(ません|ない)|と思い(ます|ました)|と思う|と思っています|と考えられ(ます|ています)|(が|は|も)(大切|大事|重要)(です|だ|でしょう)|でしょう|だろう|気がします|と感じ(ます|ました)|と言われています|とされています|という説があります|という見方もあります|ましょう|ませんか|てください)[。！!」]*$/;

interface Reading {
  tokens: IpadicFeatures[];
  text: string;
}

const isNumberToken = (t: IpadicFeatures) => t.pos === '名詞' && t.pos_detail_1 === '数';

/** Quantities and dates: a run of number tokens, its value and the counter after it. */
function quantityKind(r: Reading): ClaimKind | null {
  const { tokens } = r;
  for (let i = 0; i < tokens.length; i++) {
    if (!isNumberToken(tokens[i])) continue;
    let j = i;
    let written = '';
    while (
      j < tokens.length &&
      (isNumberToken(tokens[j]) || (tokens[j].surface_form === ',' && isNumberToken(tokens[j + 1] ?? tokens[j])))
    ) {
      written += tokens[j].surface_form;
      j++;
    }
    const value = parseJapaneseNumber(written);
    const before = tokens[i - 1];
    const unit = tokens[j]?.surface_form ?? '';
    const afterUnit = tokens[j + 1]?.surface_form ?? '';
    i = j;
    if (value === null) continue;
    if (unit === '年' || unit === '年代' || unit === '世紀') {
      if (unit !== '年' || value >= 100 || (before && ERAS.has(before.surface_form)) || afterUnit === '代') return 'date';
      if (value >= 10) return 'statistic';
      continue;
    }
    if (unit === '月' && isNumberToken(tokens[j + 1] ?? tokens[j]) && tokens.slice(j + 1).some((t) => t.surface_form === '日'))
      return 'date';
    if (RATIO_UNITS.has(unit) || (unit === '分' && afterUnit === 'の')) return 'statistic';
    if (EVERYDAY_UNITS.has(unit)) continue;
    if (MONEY_UNITS.has(unit)) {
      if (value >= 10) return 'statistic';
      continue;
    }
    if (before?.pos_detail_1 === '数接続' || before?.surface_form === 'およそ' || before?.surface_form === '約') return 'statistic';
    if (value >= 10) return 'statistic';
  }
  return null;
}

/** An attribution: 〜によると / 〜によれば, or a source named (統計, 調査, 発表, 研究, 白書). */
function attributionKind(r: Reading): ClaimKind | null {
  const { tokens } = r;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.surface_form === 'に' && tokens[i + 1]?.basic_form === 'よる' && /^(と|ば)$/.test(tokens[i + 2]?.surface_form ?? ''))
      return 'attribution';
    if (t.pos === '名詞' && ATTRIBUTION_WORDS.has(t.surface_form)) return 'attribution';
  }
  return null;
}

/** The word after position i that says what is ranked (skipping の and な). */
function rankedAfter(tokens: IpadicFeatures[], i: number): string {
  let j = i + 1;
  while (j < tokens.length && /^(の|な|に)$/.test(tokens[j].surface_form)) j++;
  const t = tokens[j];
  return t ? (t.basic_form && t.basic_form !== '*' ? t.basic_form : t.surface_form) : '';
}

/** Superlatives and firsts that state a fact: 最も多い, 一番高い, 最大, 世界一, 唯一, 世界で初めて, 史上初. */
function superlativeKind(r: Reading): ClaimKind | null {
  const { tokens } = r;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const s = t.surface_form;
    if (SUPERLATIVE_WORDS.has(s)) return 'superlative';
    if (s === '最も' || s === '一番' || s === 'いちばん') {
      if (MEASURED.has(rankedAfter(tokens, i))) return 'superlative';
      continue;
    }
    // 世界初, 日本初, 国内初 (初 as a suffix), and 〜で初めて after a place (世界で初めて, 日本で初めて).
    if (s === '初' && t.pos_detail_1 === '接尾') return 'superlative';
    if ((s === '初めて' || s === '最初') && tokens[i - 1]?.surface_form === 'で' && tokens[i - 2]?.pos === '名詞') return 'superlative';
  }
  return null;
}

/** An absolute stated as fact: 必ず, 絶対(に), 確実に (a claim of certainty a listener would want a source for). */
function absoluteKind(r: Reading): ClaimKind | null {
  return r.tokens.some((t) => t.surface_form === '必ず' || t.surface_form === '絶対' || t.surface_form === '確実') ? 'absolute' : null;
}

/** What kind of claim a sentence makes, or null for none (an opinion, a hedge, a question, plain talk). */
export function claimKindOf(text: string, tokenizer: Tokenizer<IpadicFeatures>): ClaimKind | null {
  const trimmed = text.trim();
  if (/[？?]」?$/.test(trimmed) || /か[。！!]?$/.test(trimmed)) return null;
  const r: Reading = { tokens: tokenizer.tokenize(trimmed), text: trimmed };
  const attribution = attributionKind(r);
  // A hedge makes a statement an opinion; one that names its source (統計によると…と言われています) still points at a checkable fact.
  if (HEDGE_ENDINGS.test(trimmed)) return attribution;
  return attribution ?? quantityKind(r) ?? superlativeKind(r) ?? absoluteKind(r);
}

/**
 * The claims of a script, in order, each `needs_source` with no source (nothing is looked up offline):
 * found in the dictionary's helper process (japanese/helper.ts), never in the web process (issue 27.2).
 */
export async function detectClaims(japanese: JapaneseEngine, script: string): Promise<(Claim & { kind: ClaimKind })[]> {
  return (await japanese.claims(script)) as (Claim & { kind: ClaimKind })[];
}

/** The same with a tokenizer at hand (the dictionary's helper process answers with it). */
export function detectClaimsWith(tokenizer: Tokenizer<IpadicFeatures>, script: string): (Claim & { kind: ClaimKind })[] {
  return scriptSentences(script).flatMap(({ line, text }) => {
    const kind = claimKindOf(text, tokenizer);
    return kind ? [{ text: clip(text, 500), line, status: 'needs_source' as const, sources: [], kind }] : [];
  });
}
