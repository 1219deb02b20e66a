import { CREATE_PAGE_CATEGORIES } from '../../../shared/categories';
import type { ScriptShape } from '../../../shared/rules/creation';
import { clip } from '../../../shared/rules/text';
import type { FactCheck } from '../../../shared/schemas/creation';
import type { JapaneseEngine } from '../../providers/japanese/types';
import type { ScriptDraft } from '../../providers/llm/types';
import { claimLines, offlineFactCheck } from './fact-check/offline';
import { writeDialogue } from './writer';
import { paragraphsOf } from './writer/sentences';

/**
 * The offline script writer: deterministic, no network. It turns the member's text into a talk
 * between the two hosts (writer/: each sentence's role made into moves, issue 25), and checks facts honestly: it cannot look anything up, so
 * it names the statements a listener would want checked (numbers, dates, absolutes) instead of
 * pretending to have verified them.
 */

/**
 * A title from the first sentence when the member gave none (at most 30 characters): the sentence as the
 * writer splits the text (writer/sentences.ts, the one splitter of a member's text).
 */
export function titleFrom(text: string): string {
  const first = paragraphsOf(text)[0]?.[0] ?? text.trim();
  return clip(first.replace(/[。！？!?]+$/, ''), 30 + 1);
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

/** Softens a flagged line: it is kept, but said as what is said, not as a checked fact. */
function hedge(line: string): string {
  const m = /^([^：:]{1,10}[：:])(.*?)([。！？!?]*)$/.exec(line);
  if (!m) return line;
  const body = m[2].replace(/(必ず|絶対に?|確実に)/g, '多くの場合').replace(/(です|ます|だ)$/, '');
  return `${m[1]}${body}、と言われています。`;
}

/** The offline writer's script: the member's text as a talk (writer/), its claims named, labels by its words. */
export async function offlineScript(
  japanese: JapaneseEngine,
  { inputText, title, format = 'dialogue', length = 'standard' }: { inputText: string; title?: string } & Partial<ScriptShape>,
): Promise<ScriptDraft> {
  const finalTitle = title?.trim() || titleFrom(inputText);
  const script = await writeDialogue(japanese, inputText, finalTitle, { format, length });
  return { script, title: finalTitle, factCheck: await checkFacts(japanese, script), labels: labelsFor(inputText) };
}

/** The offline rewrite: the lines that hold a claim are softened, the rest kept. */
export async function offlineRewrite(
  japanese: JapaneseEngine,
  {
    originalScript,
  }: {
    inputText: string;
    originalScript: string;
    issues: string[];
  },
): Promise<{ script: string; factCheck: FactCheck }> {
  const flagged = await claimLines(japanese, originalScript);
  const script = originalScript
    .split('\n')
    .map((line, i) => (flagged.has(i) ? hedge(line) : line))
    .join('\n');
  return { script, factCheck: await checkFacts(japanese, script) };
}
