import { CREATE_PAGE_CATEGORIES } from '../../../shared/categories';
import type { FactCheck } from '../../../shared/schemas/creation';
import { claimLines, offlineFactCheck } from './fact-check';
import { type LlmProvider, type ScriptDraft, VideoUnavailable } from './types';

/**
 * The offline script writer: deterministic, no network. It turns the member's text into a talk
 * between the two hosts (an opening, the text's points in order, each presented by one host with the
 * other's reaction or question, a closing), and checks facts honestly: it cannot look anything up, so
 * it names the statements a listener would want checked (numbers, dates, absolutes) instead of
 * pretending to have verified them.
 */
export const A = 'ハルカ';
export const B = 'ケンタ';

const REACTIONS = [
  'なるほど。',
  'へえ、そうなんですね。',
  'それは興味深いですね。',
  'たしかに、そう言われると納得です。',
  'それは知りませんでした。',
];
const QUESTIONS = [
  'それって、具体的にはどういうことですか？',
  'どうしてそう言えるんでしょう？',
  'そこをもう少し詳しく聞かせてください。',
  '身近な例でいうと、どんな感じですか？',
];
const FOLLOW_UPS = ['いい質問ですね。', 'そうですね、', 'ええ、'];

/** Sentences of the input, in order, without empty ones. */
export function sentencesOf(text: string): string[] {
  return (text.replace(/\r/g, '').match(/[^。！？!?\n]+[。！？!?]*/g) ?? [])
    .map((s) => s.trim())
    .filter((s) => s.replace(/[。！？!?、\s]/g, '').length > 0)
    .map((s) => (/[。！？!?]$/.test(s) ? s : `${s}。`));
}

const clip = (s: string, n: number) => ([...s].length > n ? `${[...s].slice(0, n).join('')}…` : s);

/** A title from the first sentence when the member gave none (at most 30 characters). */
export function titleFrom(text: string): string {
  const first = sentencesOf(text)[0] ?? text.trim();
  return clip(first.replace(/[。！？!?]+$/, ''), 30);
}

const LABEL_WORDS: [string, RegExp][] = [
  ['テクノロジー', /AI|人工知能|技術|アプリ|スマホ|パソコン|ネット|デジタル|ロボット|プログラ/i],
  ['健康・ウェルネス', /健康|睡眠|運動|食事|ストレス|体調|ストレッチ|ウォーキング|散歩|瞑想/],
  ['教育・学習', /勉強|学習|教育|学校|試験|資格|読書|語学|英語/],
  ['ビジネス', /仕事|ビジネス|会社|経営|働き方|転職|マーケティング|営業|副業/],
  ['ライフスタイル', /暮らし|生活|習慣|家事|片付け|インテリア|朝活/],
  ['科学', /科学|宇宙|物理|化学|生物|研究|実験|星|惑星/],
  ['歴史', /歴史|時代|戦国|江戸|明治|古代|昔の/],
  ['文化・芸術', /文化|芸術|美術|映画|文学|伝統|アート/],
  ['スポーツ', /スポーツ|野球|サッカー|テニス|マラソン|試合|オリンピック/],
  ['音楽', /音楽|歌|楽器|ライブ|演奏|ピアノ|ギター/],
  ['料理・グルメ', /料理|レシピ|グルメ|食べ物|味|出汁|ラーメン|お菓子|カフェ/],
  ['旅行', /旅行|旅|観光|温泉|ホテル|海外|名所/],
  ['政治・社会', /政治|社会|選挙|制度|法律|経済|地域|防災/],
  ['エンターテイメント', /エンタメ|ゲーム|アニメ|漫画|ドラマ|芸能/],
  ['ニュース', /ニュース|速報|発表|報道/],
];

/** Up to three of the create page's categories whose words the text uses, most mentioned first. */
export function labelsFor(text: string): string[] {
  return LABEL_WORDS.map(([label, re]) => [label, (text.match(new RegExp(re.source, `${re.flags}g`)) ?? []).length] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([label]) => label)
    .filter((l) => (CREATE_PAGE_CATEGORIES as readonly string[]).includes(l));
}

/** The offline fact check: the script's claims pinned to their lines, none verified (fact-check/offline.ts). */
export const checkFacts = offlineFactCheck;

/**
 * How long the offline voice (eSpeak NG at rate 1.0) takes to say a script, in seconds, estimated from
 * its text: a kanji is read as about two kana, each pause mark and each change of line adds a pause.
 * Fitted to the real voice on two texts of 2,000 characters (a kana-rich essay and a kanji-rich one):
 * 0.10 s a kana, 0.22 s a kanji or pause mark, 0.4 s a line (decision 0014).
 */
export function speechSeconds(script: string): number {
  let s = 0;
  for (const line of script.split('\n')) {
    const text = line.replace(/^[^：:\n]{1,10}[：:]/, '');
    if (!text.trim()) continue;
    const kanji = (text.match(/[\u4e00-\u9faf々〆]/g) ?? []).length;
    const marks = (text.match(/[、。！？!?，．,.]/g) ?? []).length;
    const rest = [...text.replace(/\s/g, '')].length - kanji - marks;
    s += 0.1 * rest + 0.22 * (kanji + marks) + 0.4;
  }
  return s;
}

/**
 * A script longer than this is condensed: the issue asks for 3 to 5 minutes of speech from a long
 * input. Condensing fills up to TARGET, the middle of the range, so another voice or rate than the
 * fitted one still lands inside it.
 */
export const SPEECH_LIMITS = { max: 285, target: 240 } as const;
/** A sentence longer than this is split at its commas into points of its own. */
const LONG_POINT = 120;

/**
 * Sentences of the text by paragraph; an overlong sentence is split at its commas (or hard), and a
 * sentence said before is not a new point.
 */
function pointsByParagraph(text: string): string[][] {
  const seen = new Set<string>();
  return text
    .replace(/\r/g, '')
    .split(/\n+/)
    .map((para) =>
      sentencesOf(para)
        .flatMap(splitLong)
        .filter((point) => !seen.has(point) && seen.add(point)),
    )
    .filter((para) => para.length > 0);
}

function splitLong(sentence: string): string[] {
  if ([...sentence].length <= LONG_POINT) return [sentence];
  const parts: string[] = [];
  let current = '';
  for (const clause of sentence.match(/[^、，,]+[、，,]?/g) ?? [sentence]) {
    if (current && [...current].length + [...clause].length > LONG_POINT) {
      parts.push(current);
      current = '';
    }
    current += clause;
  }
  if (current) parts.push(current);
  return parts.flatMap((p) => {
    const chars = [...p];
    if (chars.length <= LONG_POINT) return [p];
    const out: string[] = [];
    for (let i = 0; i < chars.length; i += LONG_POINT) out.push(chars.slice(i, i + LONG_POINT).join(''));
    return out;
  });
}

/**
 * The points a talk of about TARGET seconds has room for, in the text's order: each paragraph's first
 * sentence before any second one, each second one before any third, and so on, so every part of the
 * text is heard before any part is heard in detail. All of them when the whole talk is short enough.
 */
export function choosePoints(inputText: string, title: string): { points: string[]; condensed: boolean } {
  const paragraphs = pointsByParagraph(inputText);
  const all = paragraphs.flat();
  if (speechSeconds(dialogueOf(all, title, false)) <= SPEECH_LIMITS.max) return { points: all, condensed: false };
  const order = paragraphs
    .flatMap((para, p) => para.map((text, i) => ({ text, p, i, at: 0 })))
    .map((pt, at) => ({ ...pt, at }))
    .sort((a, b) => a.i - b.i || a.p - b.p);
  const chosen = new Set<number>();
  for (const candidate of order) {
    chosen.add(candidate.at);
    const points = all.filter((_, at) => chosen.has(at));
    if (speechSeconds(dialogueOf(points, title, true)) > SPEECH_LIMITS.target) chosen.delete(candidate.at);
  }
  if (chosen.size === 0) chosen.add(0);
  return { points: all.filter((_, at) => chosen.has(at)), condensed: true };
}

/** The lines of a talk about these points: opening, each point with the other host's reaction or question, closing. */
function dialogueOf(points: string[], title: string, condensed: boolean): string {
  const lines: string[] = [
    `${A}：こんにちは、${A}です。`,
    `${B}：${B}です。今日のテーマは「${title}」です。`,
    condensed ? `${A}：大事なところをしぼって、見ていきましょう。` : `${A}：さっそく見ていきましょう。`,
  ];
  points.forEach((point, i) => {
    const presenter = i % 2 === 0 ? A : B;
    const listener = presenter === A ? B : A;
    lines.push(`${presenter}：${i === 0 ? 'まず、' : i === points.length - 1 && points.length > 2 ? '最後に、' : ''}${point}`);
    if (i % 3 === 1) {
      lines.push(`${listener}：${QUESTIONS[i % QUESTIONS.length]}`);
      lines.push(
        `${presenter}：${FOLLOW_UPS[i % FOLLOW_UPS.length]}${point.length > 40 ? '大事なのは、今お話ししたところです。' : 'ひとことで言えば、そういうことなんです。'}`,
      );
    } else {
      lines.push(`${listener}：${REACTIONS[i % REACTIONS.length]}`);
    }
  });
  lines.push(`${B}：今日は「${title}」についてお話ししました。`);
  lines.push(`${A}：聞いてくださって、ありがとうございました。`);
  lines.push(`${B}：また次回お会いしましょう。`);
  return lines.join('\n');
}

/**
 * The script: opening, the points in order with the other host's reaction or question, closing. A long
 * text is condensed to its points that fit some 4 minutes (3 to 5 minutes of speech, issue 15).
 */
export function writeDialogue(inputText: string, title: string): string {
  const { points, condensed } = choosePoints(inputText, title);
  return dialogueOf(points, title, condensed);
}

/** Softens a flagged line: it is kept, but said as what is said, not as a checked fact. */
function hedge(line: string): string {
  const m = /^([^：:]{1,10}[：:])(.*?)([。！？!?]*)$/.exec(line);
  if (!m) return line;
  const body = m[2].replace(/(必ず|絶対に?|確実に)/g, '多くの場合').replace(/(です|ます|だ)$/, '');
  return `${m[1]}${body}、と言われています。`;
}

export function offlineLlm(): LlmProvider {
  return {
    name: 'offline',
    async writeScript({ inputText, title }): Promise<ScriptDraft> {
      const finalTitle = title?.trim() || titleFrom(inputText);
      const script = writeDialogue(inputText, finalTitle);
      return { script, title: finalTitle, factCheck: await checkFacts(script), labels: labelsFor(inputText) };
    },
    async rewriteScript({ originalScript }) {
      const flagged = await claimLines(originalScript);
      const script = originalScript
        .split('\n')
        .map((line, i) => (flagged.has(i) ? hedge(line) : line))
        .join('\n');
      return { script, factCheck: await checkFacts(script) };
    },
    /** The offline writer has no network: YouTube cannot be reached, and it says so (the console offers themes by hand). */
    async extractThemes() {
      throw new VideoUnavailable('offline', 'offline');
    },
  };
}
