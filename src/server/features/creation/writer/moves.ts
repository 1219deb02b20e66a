import type { IpadicFeatures } from 'kuromoji';
import type { Role, Sentence } from './analyse';
import { withoutLeadingWord } from './analyse';
import { askingOf, plainOf } from './plain';

/**
 * Step 3 of the writer: the moves, each a few lines the two hosts say in turn. A move returns the
 * candidate wordings of each line, best first; the assembly takes the first one not said before.
 * The table of moves with examples is docs/dialogue-moves.md.
 */
export type Candidates = string[];

const chars = (s: string) => [...s].length;

/** Opening: a greeting that names the topic, then the theme (the title). */
export function opening(topic: string, title: string, condensed: boolean, hosts: readonly [string, string]): Candidates[] {
  return [
    [`こんにちは、${hosts[0]}です。今日は${topic}のお話です。`, `こんにちは、${hosts[0]}です。今日は${topic}について話します。`],
    [
      `${hosts[1]}です。今日のテーマは「${title}」です。${condensed ? '大事なところをしぼってお届けします。' : ''}`,
      `${hosts[1]}です。テーマは「${title}」です。`,
    ],
  ];
}

/** Closing: names the topic and the terms the talk went through, thanks, and goodbye. */
export function closing(topic: string, terms: string[]): Candidates[] {
  const [t1, t2, t3] = terms;
  const through = t1 && t2 ? `${t1}や${t2}` : t1;
  return [
    [
      through ? `今日は${topic}について、${through}のお話をしました。` : `今日は${topic}のお話をしました。`,
      `${topic}のお話、ここまでです。`,
    ],
    [
      `${t3 ?? topic}のことも、覚えておきたいですね。聞いてくださって、ありがとうございました。`,
      `${topic}のこと、また考えてみたいですね。聞いてくださって、ありがとうございました。`,
    ],
    ['また次回お会いしましょう。', 'それでは、また次回。'],
  ];
}

/** The questions one host asks, each answered by the line the other host says next. */
export type Ask = 'confirm' | 'why' | 'example' | 'source' | 'view' | 'about';

/** Confirm: the sentence's own last clause asked back (「二千軒を下回ったんですか？」). */
export function confirmQuestion(s: Sentence): Candidates {
  if (!s.plain) return [];
  // 「材料は、…牛肉二百グラムです」 is asked as what it names: 「材料は、何なんですか？」
  if (s.plain.noun) return s.topicClause ? [`${s.topicClause}、何なんですか？`] : [];
  return [askingOf({ ...s.plain, text: withoutLeadingWord(s.plain.text) })];
}

/** Whether the confirm question can be asked of this sentence. */
export const confirmable = (s: Sentence) => confirmQuestion(s).length > 0;

/** Why: asks why the sentence before holds, which the cause sentence answers. */
export function whyQuestion(s: Sentence, prev: Sentence | undefined, topic: string): Candidates {
  const out: string[] = [];
  if (prev?.plain) {
    const p = withoutLeadingWord(prev.plain.text);
    out.push(prev.plain.noun ? `${p}、というのはどうしてですか？` : `どうして、${p}んでしょう？`);
  }
  const subject = prev?.terms[0] ?? s.terms[0] ?? topic;
  out.push(`${subject}は、どうしてそうなったんですか？`, `${subject}の理由は、何なんでしょう？`);
  return out;
}

/** Example: asks for an example of what the sentence before named last (「たとえば、どんな動きですか？」). */
export function exampleQuestion(prev: Sentence | undefined, topic: string): Candidates {
  const noun = prev?.terms.filter((t) => !prev.numbers.includes(t)).at(-1);
  const out = noun ? [`たとえば、どんな${noun}ですか？`, `${noun}というと、たとえば？`] : [];
  return [...out, `${topic}の例を挙げると、どうなりますか？`];
}

/** Source: asks what the source says (「厚生労働省の統計では、どうなっているんですか？」). */
export function sourceQuestion(s: Sentence): Candidates {
  if (!s.source) return [];
  return [`${s.source}では、どうなっているんですか？`, `${s.source}は、何と言っているんですか？`];
}

/** About: the last resort for a third question, a phrase of the sentence asked about (「公共の場所というと？」). */
export function aboutQuestion(s: Sentence, topic: string): Candidates {
  return [...s.phrases]
    .filter((p) => p !== topic && chars(p) >= 2)
    .sort((a, b) => chars(b) - chars(a))
    .slice(0, 2)
    .map((p) => `${p}というと？`);
}

/** View: asks the other host's view of the topic, which the opinion sentence gives. */
export function viewQuestion(answerer: string, topic: string): Candidates {
  return [`${answerer}さんは、${topic}のことをどう考えていますか？`, `${topic}について、${answerer}さんの考えはどうですか？`];
}

/** The question of each kind about a sentence (the one before it, the topic, and who answers it). */
export function questionOf(ask: Ask, s: Sentence, prev: Sentence | undefined, topic: string, answerer: string): Candidates {
  if (ask === 'why') return whyQuestion(s, prev, topic);
  if (ask === 'example') return exampleQuestion(prev, topic);
  if (ask === 'source') return sourceQuestion(s);
  if (ask === 'view') return viewQuestion(answerer, topic);
  if (ask === 'about') return aboutQuestion(s, topic);
  return confirmQuestion(s);
}

/** How an answer begins after each kind of question. */
export function answerOf(s: Sentence, ask: Ask | null, at: number): Candidates {
  // 「材料は、何なんですか？」 is answered with the sentence itself.
  if (ask === 'confirm' && !s.plain?.noun) {
    const lead = ['ええ、', 'そうなんです。', 'はい、'];
    return [0, 1, 2].map((k) => `${lead[(at + k) % lead.length]}${s.text}`).concat(s.text);
  }
  if (ask === 'view') return [`そうですね、${s.text}`, s.text];
  return [s.text, `ええ、${s.text}`];
}

/** Where a long sentence is shared: the comma nearest its middle, with each part at least a quarter. */
export function shareOf(s: Sentence): { first: string; second: string; secondTokens: IpadicFeatures[] } | null {
  const total = chars(s.text);
  if (total < SHARE_FROM || s.clauses.length < 2) return null;
  let best: { at: number; off: number } | null = null;
  let used = 0;
  for (let i = 0; i < s.clauses.length - 1; i++) {
    used += chars(s.clauses[i].map((t) => t.surface_form).join('')) + 1;
    const off = Math.abs(used / total - 0.5);
    if (used / total >= 0.25 && used / total <= 0.75 && (!best || off < best.off)) best = { at: i, off };
  }
  if (!best) return null;
  const firstTokens = s.clauses.slice(0, best.at + 1);
  const first = `${firstTokens.map((c) => c.map((t) => t.surface_form).join('')).join('、')}、`;
  const secondTokens = s.clauses.slice(best.at + 1).flatMap((c, i) => (i === 0 ? c : [{ ...c[0], surface_form: '、', pos: '記号' }, ...c]));
  const second = s.text.slice(first.length);
  return { first, second, secondTokens };
}

/** A sentence at least this long is shared between the hosts. */
export const SHARE_FROM = 55;

/** The question on the second half of a shared sentence, with a number of the first half it changes from. */
export function shareQuestion(s: Sentence, share: { first: string; secondTokens: IpadicFeatures[] }): Candidates {
  const plain = plainOf(share.secondTokens);
  if (!plain || /[「」『』]/.test(plain.text) || chars(plain.text) < 4) return [];
  const asked = askingOf({ ...plain, text: withoutLeadingWord(plain.text) });
  const later = s.numbers.filter((n) => !share.first.includes(n));
  const counter = (n: string) => n.replace(/[ごろ頃]+$/, '').slice(-1);
  const from = s.numbers.filter((n) => share.first.includes(n)).findLast((n) => later.some((m) => counter(m) === counter(n)));
  return from ? [`${from.replace(/^約/, '')}から、${asked}`, asked] : [asked];
}

const REACTIONS: Record<Role, string[]> = {
  statement: [
    'へえ、{k}ですか。',
    '{k}の話、おもしろいですね。',
    '{k}というのは、身近な話ですね。',
    '{k}、気になりますね。',
    '{k}、覚えておきます。',
  ],
  statistic: [
    '{k}、数字で聞くとはっきりしますね。',
    '{k}という数字は、覚えておきたいですね。',
    '{k}、具体的な数字があるとわかりやすいです。',
  ],
  // Never a word the text did not say (a reaction that named 「データ」 read as a claim of its own).
  attributed: ['{k}、そういう話があるんですね。', '{k}、出どころのある話だと安心して聞けます。'],
  cause: ['{k}が理由だったんですね。', '{k}、それで納得しました。', '{k}が関わっていたとは。'],
  example: ['{k}、具体的でわかりやすいです。', '{k}の例だと、イメージしやすいですね。'],
  contrast: ['{k}、そういう面もあるんですね。', '{k}、逆の見方もできるわけですね。', '{k}、そこは見落としがちです。'],
  opinion: ['{k}、私もそう思います。', '{k}、大事な視点ですね。', '{k}、共感します。'],
  conclusion: ['{k}、そこが今日いちばんのポイントですね。', '{k}、ということですね。', '{k}、よくわかりました。'],
};

/**
 * Reaction: echoes the sentence's own words in the role's tone: its longest phrase not echoed before
 * (a number first for a statistic), so no two reactions are alike.
 */
export function reaction(s: Sentence, role: Role, at: number, echoed: Set<string>, topic: string): Candidates {
  const numbered = role === 'statistic' || role === 'attributed' ? s.phrases.filter((p) => s.numbers.some((n) => p.endsWith(n))) : [];
  const score = (p: string) => Math.min(chars(p), 10) + (numbered.includes(p) ? 20 : 0) - (echoed.has(p) ? 40 : 0);
  const keys = [...new Set(s.phrases)]
    // A phrase that only names the sentence's frame (一番の理由, 今日の課題) says nothing back.
    .filter((p) => p !== topic && chars(p) >= 2 && !/(理由|原因|課題|ポイント)$/.test(p))
    .map((p, i) => ({ p, i, score: score(p) }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map(({ p }) => p.replace(/^約/, ''));
  const templates = REACTIONS[role];
  const out: string[] = [];
  // A conclusion is echoed in its own words: 「町の形まで変えた、ということですね。」
  if (role === 'conclusion' && s.plain && !s.plain.noun && chars(s.plain.text) <= 24)
    out.push(`${withoutLeadingWord(s.plain.text)}、ということですね。`);
  for (const k of keys.slice(0, 3))
    for (let i = 0; i < templates.length; i++) out.push(templates[(at + i) % templates.length].replace('{k}', k));
  return out;
}
