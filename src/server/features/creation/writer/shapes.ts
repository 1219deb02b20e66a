import { HOST_NAMES } from '../../../../shared/constants';
import type { Role, Sentence } from './analyse';
import { withoutLeadingWord } from './analyse';
import { type Ask, aboutQuestion, type Candidates, questionOf } from './moves';

/**
 * The shapes besides the two hosts' talk (issue 39.2, decision 0045): each a small table of moves made
 * from the same sentence roles (analyse.ts), the speaker of each move fixed by the shape rather than by
 * turn. The tables with examples are docs/dialogue-moves.md ("Shapes").
 */
const [HARUKA, KENTA] = HOST_NAMES;
type Host = (typeof HOST_NAMES)[number];

const chars = (s: string) => [...s].length;

/** The script's lines, each said once: a wording said before gives way to the next candidate. */
function lineBook() {
  const lines: string[] = [];
  const said = new Set<string>();
  const say = (host: Host, candidates: Candidates): boolean => {
    const line = candidates.find((c) => c && !said.has(c));
    if (!line) return false;
    said.add(line);
    lines.push(`${host}：${line}`);
    return true;
  };
  return { lines, say };
}

/** The longest phrase of a sentence (not the topic): what a host names back. */
function keyOf(s: Sentence, topic: string): string {
  return (
    [...s.phrases]
      .filter((p) => p !== topic && chars(p) >= 2)
      .sort((a, b) => chars(b) - chars(a))[0]
      ?.replace(/^約/, '') ?? topic
  );
}

/** Monologue: one host alone (ハルカ), so the voice speaks one voice. */
export const MONOLOGUE = {
  opening: (topic: string, title: string): Candidates[] => [
    [`こんにちは、${HARUKA}です。今日は${topic}のお話を、ひとりでお届けします。`],
    [`テーマは「${title}」です。`],
  ],
  /** A new paragraph is signposted by what its first sentence names. */
  signpost: (k: string): Candidates => [`続いては、${k}の話です。`, `では、${k}について。`],
  /** After an opinion or a conclusion, a word to the listener in the host's own voice. */
  aside: { opinion: '{k}、皆さんはどう思われますか。', conclusion: '{k}、ここが今日いちばんのポイントです。' } as Record<string, string>,
  closing: (topic: string): Candidates[] => [
    [`今日は${topic}のお話をしました。聞いてくださって、ありがとうございました。`],
    ['また次回お会いしましょう。'],
  ],
};

/** `starts`: the sentences that open a paragraph after the first. */
export function monologueLines(sentences: Sentence[], topic: string, title: string, starts: ReadonlySet<Sentence>): string[] {
  const { lines, say } = lineBook();
  for (const c of MONOLOGUE.opening(topic, title)) say(HARUKA, c);
  for (const s of sentences) {
    if (starts.has(s)) say(HARUKA, MONOLOGUE.signpost(keyOf(s, topic)));
    say(HARUKA, [s.text]);
    const aside = MONOLOGUE.aside[s.role];
    if (aside && s.phrases.length > 0) say(HARUKA, [aside.replace('{k}', keyOf(s, topic))]);
  }
  for (const c of MONOLOGUE.closing(topic)) say(HARUKA, c);
  return lines;
}

/** The interviewer's question by the sentence's role: one of the talk's questions, or its own wording. */
const INTERVIEW_ASKS: Partial<Record<Role, Ask | Candidates>> = {
  cause: 'why',
  example: 'example',
  attributed: 'source',
  opinion: 'view',
  contrast: ['逆の面もあるんでしょうか？'],
  conclusion: ['つまり、どういうことなんでしょう？'],
};

/** Interview: ケンタ asks, ハルカ explains; each question opens one or two of the text's sentences. */
export const INTERVIEW = {
  opening: (topic: string, title: string): [Host, Candidates][] => [
    [KENTA, [`こんにちは、${KENTA}です。今日は${HARUKA}さんに、${topic}のお話を伺います。`]],
    [HARUKA, [`${HARUKA}です。よろしくお願いします。テーマは「${title}」です。`]],
  ],
  /** The question for a sentence, by its role: the writer's own questions, open ones first. */
  ask: (s: Sentence, prev: Sentence | undefined, topic: string, first: boolean): Candidates => {
    if (first) return [`まず、${topic}について教えてください。`];
    const ask = INTERVIEW_ASKS[s.role];
    const byRole: Candidates = typeof ask === 'string' ? questionOf(ask, s, prev, topic, HARUKA) : (ask ?? []);
    const k = keyOf(s, topic);
    return [...byRole, ...aboutQuestion(s, topic), `${k}について、もう少し教えてください。`, `${k}は、どうなんですか？`];
  },
  closing: (topic: string): [Host, Candidates][] => [
    [KENTA, [`${HARUKA}さん、ありがとうございました。今日は${topic}について伺いました。`]],
    [HARUKA, ['ありがとうございました。']],
    [KENTA, ['また次回お会いしましょう。']],
  ],
};

export function interviewLines(sentences: Sentence[], topic: string, title: string): string[] {
  const { lines, say } = lineBook();
  for (const [h, c] of INTERVIEW.opening(topic, title)) say(h, c);
  for (let i = 0; i < sentences.length; ) {
    const s = sentences[i];
    // A short statement is explained together with the sentence after it, unless that one has its own question.
    const next = sentences[i + 1];
    const pair = next && chars(s.text) + chars(next.text) <= 90 && (next.role === 'statement' || next.role === 'statistic');
    const said = pair ? [s, next] : [s];
    if (!say(KENTA, INTERVIEW.ask(s, sentences[i - 1], topic, i === 0)))
      say(KENTA, [`${keyOf(s, topic)}というと？`, 'それで、どうなるんですか？']);
    say(HARUKA, [said.map((x) => x.text).join('')]);
    i += said.length;
  }
  for (const [h, c] of INTERVIEW.closing(topic)) say(h, c);
  return lines;
}

/**
 * Debate: ハルカ takes the text's side (賛成), ケンタ the other (反対). The text's contrast sentences
 * are ケンタ's; when one side would speak twice, the other host answers with a turn of contrast that
 * names the sentence's words back.
 */
export const DEBATE = {
  opening: (topic: string, title: string): [Host, Candidates][] => [
    [HARUKA, [`${HARUKA}です。今日は${topic}を討論します。私は賛成の立場です。`]],
    [KENTA, [`${KENTA}です。テーマは「${title}」。私は反対の立場です。`]],
  ],
  /** The turn a host takes against the other's sentence. */
  rebut: {
    [KENTA]: [
      'でも、{k}だけで考えていいんでしょうか。',
      '一方で、{k}には別の見方もあるはずです。',
      'しかし、{k}を疑ってみることも必要です。',
    ],
    [HARUKA]: ['それでも、{k}は見逃せないと思います。', 'でも、{k}こそ大事なところです。', 'とはいえ、{k}の重みは変わりません。'],
  } as Record<Host, string[]>,
  /** A sentence of one side said right after the other side's: led by a word of contrast unless it has one. */
  lead: { [KENTA]: 'でも、', [HARUKA]: 'しかし、' } as Record<Host, string>,
  closing: (topic: string, mine: string, theirs: string): [Host, Candidates][] => [
    [
      HARUKA,
      mine === topic ? [`私は、${topic}に賛成です。`] : [`私は、${mine}があるからこそ、${topic}に賛成です。`, `私は、${topic}に賛成です。`],
    ],
    [KENTA, [`私は、${theirs}の面を忘れずに考えたいと思います。`, `私は、まだ反対の立場です。`]],
    [HARUKA, ['判断は皆さんにおまかせします。ありがとうございました。']],
    [KENTA, ['また次回お会いしましょう。']],
  ],
};

export function debateLines(sentences: Sentence[], topic: string, title: string): string[] {
  const { lines, say } = lineBook();
  for (const [h, c] of DEBATE.opening(topic, title)) say(h, c);
  let last = KENTA as Host;
  const keys: Record<Host, string[]> = { [HARUKA]: [], [KENTA]: [] };
  sentences.forEach((s, at) => {
    const side: Host = s.role === 'contrast' ? KENTA : HARUKA;
    const k = keyOf(s, topic);
    if (side === last && lines.length > 2) {
      // The other host answers the sentence before with a turn of contrast.
      const other: Host = side === HARUKA ? KENTA : HARUKA;
      const prevKey = keyOf(sentences[at - 1], topic);
      const rebuts = DEBATE.rebut[other];
      say(
        other,
        rebuts.map((_, i) => rebuts[(at + i) % rebuts.length].replace('{k}', prevKey)),
      );
    }
    const led = withoutLeadingWord(s.text) === s.text && lines.length > 2 ? `${DEBATE.lead[side]}${s.text}` : s.text;
    say(side, [led, s.text]);
    keys[side].push(k);
    last = side;
  });
  const theirs = keys[KENTA][0] ?? keys[HARUKA].at(-1) ?? topic;
  const closing = DEBATE.closing(topic, keys[HARUKA][0] ?? topic, theirs);
  // Each host sums up its side, the one who did not speak last first.
  if (last === HARUKA) {
    [closing[0], closing[1]] = [closing[1], closing[0]];
    [closing[2][0], closing[3][0]] = [closing[3][0], closing[2][0]];
  }
  for (const [h, c] of closing) say(h, c);
  return lines;
}

const KANJI = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const ORDINALS = KANJI.map((k) => `${k}つ目`);

/** News: a headline (the text's first sentence), its points in turn, a wrap-up (the conclusion, or the last sentence). */
export const NEWS = {
  headline: (topic: string, title: string): [Host, Candidates][] => [[HARUKA, [`${HARUKA}です。${topic}のニュースです。「${title}」。`]]],
  points: (n: number): Candidates => [`${KENTA}です。ポイントは${KANJI[n - 1]}つです。`, `${KENTA}です。ポイントを順にお伝えします。`],
  point: (i: number, s: Sentence): Candidates => [i < ORDINALS.length ? `${ORDINALS[i]}、${s.text}` : `さらに、${s.text}`, s.text],
  wrapUp: (s: Sentence | undefined, topic: string, n: number): Candidates => [
    s
      ? `まとめです。${s.text}`
      : n > 0 && n <= KANJI.length
        ? `まとめです。${topic}の${KANJI[n - 1]}つのポイントをお伝えしました。`
        : `まとめです。${topic}のお話でした。`,
  ],
  closing: (topic: string): [Host, Candidates][] => [[KENTA, [`以上、${topic}のニュースでした。また次回お会いしましょう。`]]],
};

export function newsLines(sentences: Sentence[], topic: string, title: string): string[] {
  const { lines, say } = lineBook();
  for (const [h, c] of NEWS.headline(topic, title)) say(h, c);
  const [lead, ...rest] = sentences;
  if (lead) say(HARUKA, [lead.text]);
  const wrap = rest.length > 1 ? rest.at(-1) : undefined;
  const points = wrap ? rest.slice(0, -1) : rest;
  if (points.length > 0) say(KENTA, NEWS.points(points.length).slice(points.length <= ORDINALS.length ? 0 : 1));
  points.forEach((s, i) => {
    say(i % 2 === 0 ? HARUKA : KENTA, NEWS.point(i, s));
  });
  say(points.length % 2 === 0 ? HARUKA : KENTA, NEWS.wrapUp(wrap, topic, points.length));
  for (const [h, c] of NEWS.closing(topic)) say(h, c);
  return lines;
}
