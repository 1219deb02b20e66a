import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { type Plain, plainOf } from './plain';

/** Step 2 of the writer: what each sentence does in the text. */
export type Role = 'statistic' | 'attributed' | 'cause' | 'example' | 'contrast' | 'opinion' | 'conclusion' | 'statement';

export interface Sentence {
  text: string;
  tokens: IpadicFeatures[];
  /** The content nouns and numbers it says, as written (公衆浴場, 一万八千軒, 厚生労働省). */
  terms: string[];
  /** The numbers with their counters (一九六八年, 約一万八千軒, 200グラム). */
  numbers: string[];
  /** The terms with their modifier (家の風呂, 若い世代), what a host echoes. */
  phrases: string[];
  role: Role;
  /** Who says it, for an attributed claim (厚生労働省の統計). */
  source: string | null;
  /** Its clauses, split at the commas outside brackets. */
  clauses: IpadicFeatures[][];
  /** The last clause (with the one before it when it is short) in the plain form a host asks with. */
  plain: Plain | null;
  /** A first clause that names what the sentence is about (材料は, ここで大事なのは), or null. */
  topicClause: string | null;
}

const CONTENT = new Set(['一般', '固有名詞', 'サ変接続', '形容動詞語幹', '数', 'ナイ形容詞語幹', '副詞可能']);
/** Terms a host does not echo alone: adjectival stems (大切, 便利) and time words (最近, 当時). */
const NOT_ECHOED = new Set(['形容動詞語幹', 'ナイ形容詞語幹', '副詞可能']);
const LEADING_WORDS =
  /^(しかし|一方|ただし|でも|けれども|けれど|ところが|それでも|とはいえ|逆に|反対に|もちろん|また|そして|まず|次に|さらに|最後に|つまり|たとえば|例えば|なぜなら|このように|要するに|結局|だから|ここで|実は)(で)?、?/;

function isContent(t: IpadicFeatures): boolean {
  return t.pos === '名詞' && CONTENT.has(t.pos_detail_1);
}

/**
 * The nouns and numbers of a sentence as the text writes them: a run of content nouns is one term
 * (公衆 + 浴場), a number keeps its prefix and counters (約 + 一万八千 + 軒), a lone kana is no term.
 * `phrases` are the terms with what modifies them when it is a noun with の or an adjective (家の風呂,
 * 若い世代): what a host echoes.
 */
export function termsOf(tokens: IpadicFeatures[]): { terms: string[]; numbers: string[]; phrases: string[] } {
  const terms: string[] = [];
  const numbers: string[] = [];
  const phrases: string[] = [];
  const runs: { start: number; end: number; word: string }[] = [];
  let start = -1;
  const flush = (end: number) => {
    if (start < 0) return;
    let last = end;
    // A run does not end on a prefix.
    while (last > start && tokens[last - 1].pos === '接頭詞') last--;
    const run = tokens.slice(start, last);
    const word = run.map((t) => t.surface_form).join('');
    const hasNumber = run.some((t) => t.pos_detail_1 === '数');
    const kanji = /^\p{Script=Han}$/u.test(word);
    if (
      word &&
      /^[\p{L}\p{N}ー・]+$/u.test(word) &&
      (hasNumber || /[\p{Script=Han}\p{Script=Katakana}A-Za-z0-9]/u.test(word)) &&
      ([...word].length >= 2 || hasNumber || kanji)
    ) {
      terms.push(word);
      if (hasNumber) numbers.push(word);
      const before = runs.at(-1);
      const link = tokens[start - 1];
      let phrase = word;
      const modifies = tokens[last]?.surface_form === 'の';
      if (link?.surface_form === 'の' && link.pos_detail_1 === '連体化' && before?.end === start - 1) phrase = `${before.word}の${word}`;
      else if (
        !modifies &&
        link &&
        (link.pos === '連体詞' || (link.pos === '形容詞' && link.conjugated_form === '基本形' && link.surface_form !== 'ない'))
      )
        phrase = `${link.surface_form}${word}`;
      const lone = phrase === word && run.every((t) => NOT_ECHOED.has(t.pos_detail_1) || t.pos === '接頭詞');
      if (!lone && !modifies && !(hasNumber && /^[一1]/.test(word) && [...word].length <= 2))
        phrases.push([...phrase].length <= 12 ? phrase : word);
      runs.push({ start, end: last, word });
    }
    start = -1;
  };
  tokens.forEach((t, i) => {
    const suffix = t.pos === '名詞' && t.pos_detail_1 === '接尾' && start >= 0;
    if (isContent(t) || suffix || (t.pos === '接頭詞' && t.pos_detail_1 !== '動詞接続')) {
      if (start < 0) start = i;
    } else flush(i);
  });
  flush(tokens.length);
  return { terms, numbers, phrases };
}

const has = (re: RegExp, s: string) => re.test(s);

/** The role of a sentence from its words; the first rule that holds wins. */
export function roleOf(text: string, numbers: string[], last: boolean): Role {
  if (has(/^(たとえば|例えば)|の例(です|として)|例を挙げると/, text)) return 'example';
  if (has(/^なぜなら|(から|ため|せい|おかげ)(なの)?です。?$|理由(です|でした|だ)|原因(です|でした|だ)|のは、.+からです/, text))
    return 'cause';
  if (has(/^(しかし|一方|ただし|ただ、|でも、|けれども|けれど、|ところが|それでも|とはいえ|逆に|反対に|もちろん)/, text)) return 'contrast';
  if (has(/によると|によれば|の調査|調査では|統計|発表|報告|研究では|と言われ|とされ/, text)) return 'attributed';
  if (has(/^(つまり|このように|要するに|結局|こうして|まとめると|だからこそ)/, text)) return 'conclusion';
  if (last && has(/と言えるでしょう|のです。$|ではないでしょうか|課題です|大切(です|だ)。$/, text)) return 'conclusion';
  if (
    has(
      /と思います|と考えています|と考えます|べきです|べきだ|と感じます|ように感じ|たいと|でしょう|ではないでしょうか|大切(です|だ)|大事(です|だ)|必要(です|だ)|てほしい/,
      text,
    )
  )
    return 'opinion';
  if (numbers.some((n) => !/^一(つ|度|日|人|番|回)?$/.test(n))) return 'statistic';
  return 'statement';
}

/** The noun phrase before によると / の調査 / の統計 (厚生労働省の統計, ある調査). */
function sourceOf(text: string): string | null {
  const m = /^(?:[^、。]*?、)?([^、。]{2,20}?)(?:によると|によれば|では|の発表|の報告)/.exec(text);
  if (!m) return null;
  const src = m[1].replace(LEADING_WORDS, '');
  return /調査|統計|研究|報告|発表|省|庁|協会|大学|機関|白書|データ/.test(src) ? src : null;
}

function clausesOf(tokens: IpadicFeatures[]): IpadicFeatures[][] {
  const clauses: IpadicFeatures[][] = [[]];
  let depth = 0;
  for (const t of tokens) {
    if (/^[「『（(]$/.test(t.surface_form)) depth++;
    if (/^[」』）)]$/.test(t.surface_form)) depth = Math.max(0, depth - 1);
    if (depth === 0 && (t.surface_form === '、' || t.surface_form === '，')) clauses.push([]);
    else clauses[clauses.length - 1].push(t);
  }
  return clauses.filter((c) => c.length > 0);
}

const textOf = (tokens: IpadicFeatures[]) => tokens.map((t) => t.surface_form).join('');

/** The last clause in the plain form, with the clause before it when the last one is short. */
function plainEnding(clauses: IpadicFeatures[][]): Plain | null {
  const last = clauses[clauses.length - 1];
  if (!last) return null;
  let tokens = last;
  if ([...textOf(last)].length < 8 && clauses.length > 1)
    tokens = [...clauses[clauses.length - 2], { ...last[0], surface_form: '、' } as IpadicFeatures, ...last];
  // A leading conjunction (しかし、まず) is not part of what is asked.
  while (tokens.length > 1 && (tokens[0].pos === '接続詞' || tokens[0].surface_form === '、' || LEADING_WORDS.test(tokens[0].surface_form)))
    tokens = tokens.slice(1);
  const said = plainOf(tokens);
  // …にのぼるという (hearsay) is asked as the fact: 「…にのぼるんですか？」
  const plain = said && { ...said, text: said.text.replace(/(と|って)(いう|言う|言われている)$/, '') };
  if (!plain || [...plain.text].length < 4 || /[「」『』]/.test(plain.text)) return null;
  return plain;
}

function topicClauseOf(clauses: IpadicFeatures[][]): string | null {
  const first = clauses[0];
  // 「これは」 names nothing of the text: only a clause with a term of its own is asked about.
  if (!first || clauses.length < 2 || first.at(-1)?.surface_form !== 'は' || termsOf(first).terms.length === 0) return null;
  const text = withoutLeadingWord(textOf(first));
  return [...text].length >= 2 && [...text].length <= 14 ? text : null;
}

export function analyse(text: string, tk: Tokenizer<IpadicFeatures>, last = false): Sentence {
  const tokens = tk.tokenize(text);
  const { terms, numbers, phrases } = termsOf(tokens);
  const clauses = clausesOf(tokens);
  return {
    text,
    tokens,
    terms,
    numbers,
    phrases,
    role: roleOf(text, numbers, last),
    source: sourceOf(text),
    clauses,
    plain: plainEnding(clauses),
    topicClause: topicClauseOf(clauses),
  };
}

/** The text without a leading conjunction (しかし、), for a clause a host repeats. */
export function withoutLeadingWord(s: string): string {
  return s.replace(LEADING_WORDS, '');
}
