import { z } from 'zod';
import { CREATE_PAGE_CATEGORIES } from '../../../shared/categories';
import { SCRIPT_MAX, type ScriptFormat, type ScriptLength, type ScriptShape } from '../../../shared/rules/creation';
import { FactCheckSchema } from '../../../shared/schemas/creation';
import { ModelClaims } from '../../providers/llm/fact-check';

/**
 * What the real script writers are asked and how their answers are read (the provider's `structured`
 * sends them, decision 0038): a model that strays is a malformed answer, never a broken track.
 */
const HOST_LINE = /^(ハルカ|ケンタ)：\S/;

const HostLines = z.string().transform((s) =>
  s
    .split('\n')
    .map((l) => l.trim().replace(/^(ハルカ|ケンタ)[:：]\s*/, '$1：'))
    .filter(Boolean)
    .join('\n'),
);
// Longer than a preview takes: the model ignored the length it was asked for.
const notTooLong = (s: string) => s.length <= SCRIPT_MAX;

/** A script is lines "ハルカ：…" / "ケンタ：…", both hosts speaking; anything else is a malformed answer. */
export const ScriptText = HostLines.refine((s) => {
  const lines = s.split('\n');
  return lines.length >= 2 && lines.every((l) => HOST_LINE.test(l)) && lines.some((l) => l.startsWith('ケンタ'));
}, 'not a two-host script').refine(notTooLong, 'script too long');

/** A monologue (issue 39.2) is ハルカ's lines only, so the voice speaks one voice. */
export const MonologueText = HostLines.refine((s) => s.split('\n').every((l) => /^ハルカ：\S/.test(l)), 'not a one-host script').refine(
  notTooLong,
  'script too long',
);

/** The spec's fields as asked, and the claims read one by one (settled on the script's lines afterwards: fact-check/). */
const ModelFactCheck = FactCheckSchema.pick({ status: true, confidence: true, summary: true, issues: true }).extend({
  claims: ModelClaims,
});

/** The answers a writer gives, for a script of two hosts or of one. */
function answersOf(script: typeof ScriptText) {
  /** The script alone (a model that checks it afterwards, grounded in a search). */
  const ScriptAnswer = z.object({ title: z.string().trim().min(1).max(100), script, labels: z.array(z.string()).max(10) });
  const RewrittenScript = z.object({ script });
  /** The script with its fact check (a model that cannot search checks what it wrote). */
  return {
    ScriptAnswer,
    RewrittenScript,
    DraftAnswer: ScriptAnswer.extend({ factCheck: ModelFactCheck }),
    RewriteAnswer: RewrittenScript.extend({ factCheck: ModelFactCheck }),
  };
}
const TWO_HOSTS = answersOf(ScriptText);
const ONE_HOST = answersOf(MonologueText);
export const { ScriptAnswer, RewrittenScript, DraftAnswer, RewriteAnswer } = TWO_HOSTS;
/** The answers a shape's script is read with: a monologue's is one host's lines only. */
export const answersFor = (format: ScriptFormat = 'dialogue') => (format === 'monologue' ? ONE_HOST : TWO_HOSTS);

/** What each format and length asks of the writer (issue 39.2), over the instructions' two-host talk of 3 to 5 minutes. */
export const FORMAT_ASKS: Record<ScriptFormat, string> = {
  dialogue: '',
  interview:
    '形式: インタビュー。ケンタが聞き手として質問し、ハルカが専門家として答えて説明します。ケンタの行は質問、ハルカの行は説明にします。\n',
  debate:
    '形式: 討論。ハルカは賛成、ケンタは反対の立場をはじめに名乗り、テキストの内容を根拠に「でも」「しかし」「一方で」で互いに反論し合います。テキストにない事実は足しません。\n',
  news: '形式: ニュース。ハルカが見出しを読み、二人で要点を「一つ目、二つ目…」と順に伝え、最後に「まとめです。」で締めます。\n',
  monologue: '形式: ひとり語り。すべての行を「ハルカ：」で始め、ケンタは登場しません（交互に話す指示は適用しません）。\n',
};
export const LENGTH_ASKS: Record<ScriptLength, string> = {
  standard: '',
  short: '長さ: ショート。全体で約1分（台本の本文でおよそ300字）の短いまとめにします（3〜5分の指示より優先します）。\n',
};
const shapeAsk = ({ format = 'dialogue', length = 'standard' }: Partial<ScriptShape>) => `${FORMAT_ASKS[format]}${LENGTH_ASKS[length]}`;

export const SCRIPT_WRITER = `あなたは日本語のトークラジオ「無限」の構成作家です。聞き手から届いたテキストを、2人のホスト
（ハルカ：明るく好奇心旺盛な女性、ケンタ：落ち着いた男性）の自然な掛け合いの台本にします。
- 各行は「ハルカ：」または「ケンタ：」で始め、交互に話し、オープニング、本文の要点を順番どおり、相づちや質問、クロージングを含めます。
- 話す長さは全体で3〜5分（台本の本文でおよそ1,000〜1,500字）です。長いテキストは要点をしぼり、順番は変えません。
- テキストにない事実を足さず、断定できないことは断定しません。
- 事実確認（factCheck）では、確認できない主張や誤りの可能性を issues に日本語で挙げ、status は問題がなければ verified、あれば issues_found、confidence は 0〜100 の整数にします。
- factCheck.claims には、統計・数値・日付・出典の引用（〜によると、調査、統計、発表）・最上級や「初めて」を述べる台本の文を {"text":台本の文そのまま,"line":台本の行番号（0始まり、改行で区切った行）,"status":"verified"|"needs_source"|"disputed"} で挙げます。意見や推測（〜かもしれません、〜と思います、〜が大切です）は挙げません。
- labels は次から最大3つ: ${CREATE_PAGE_CATEGORIES.join('、')}
JSON だけを返します。`;

/** The script writer's temperature (a provider may keep its model's own: Gemini 3). */
export const SCRIPT_TEMPERATURE = 0.7;

/** The labels of the catalogue's list only. */
export const catalogueLabels = (labels: string[]) =>
  labels.filter((l) => (CREATE_PAGE_CATEGORIES as readonly string[]).includes(l)).slice(0, 3);

const titleAsk = (title?: string) => (title ? `タイトル: ${title}\n` : 'タイトルは内容から30文字以内で付けてください。\n');
const issuesAsk = (issues: string[]) => issues.map((i) => `- ${i}`).join('\n');

/** What a script is written from: the text, its title, and the show's shape (today's talk when absent). */
export interface DraftInput extends Partial<ScriptShape> {
  inputText: string;
  title?: string;
}

/** The script alone, to be checked afterwards. */
export const draftAsk = ({ inputText, title, ...shape }: DraftInput) =>
  `${titleAsk(title)}${shapeAsk(shape)}次のテキストから台本を作ってください。\nテキスト:\n${inputText}`;

/** The script and its fact check in one answer. */
export const checkedDraftAsk = ({ inputText, title, ...shape }: DraftInput) =>
  `次のテキストから台本を作り、{"title","script","labels","factCheck":{"status","confidence","summary","issues","claims"}} の JSON で返してください。${titleAsk(title)}${shapeAsk(shape)}テキスト:\n${inputText}`;

export interface RewriteInput extends Partial<ScriptShape> {
  inputText: string;
  originalScript: string;
  issues: string[];
}

/** The script rewritten, to be checked afterwards (in its shape). */
export const rewriteAsk = ({ inputText, originalScript, issues, ...shape }: RewriteInput) =>
  `次の台本を、指摘された問題を直して書き直してください。\n${shapeAsk(shape)}指摘:\n${issuesAsk(issues)}\n元のテキスト:\n${inputText}\n台本:\n${originalScript}`;

/** The script rewritten with its fact check in one answer. */
export const checkedRewriteAsk = ({ inputText, originalScript, issues, ...shape }: RewriteInput) =>
  `次の台本を、指摘された問題を直して書き直し、{"script","factCheck":{"status","confidence","summary","issues","claims"}} の JSON で返してください。\n${shapeAsk(shape)}指摘:\n${issuesAsk(issues)}\n元のテキスト:\n${inputText}\n台本:\n${originalScript}`;

/** The prompt's request for claims, in the grounded fact check's JSON. */
export const GROUNDED_CLAIMS_ASK =
  '"claims":[{"text":"台本の主張をそのまま","line":台本の行番号(0始まり、改行で区切った行),"status":"verified"|"needs_source"|"disputed"}]';

/** The fact check grounded in a web search, of the script written from the member's text. */
export const factCheckAsk = (inputText: string, script: string) =>
  `次の台本の事実確認を Google 検索で行い、{"status":"verified"|"issues_found","confidence":0-100の整数,"summary":"日本語の要約","issues":["日本語の指摘"],${GROUNDED_CLAIMS_ASK}} の JSON だけを返してください。claims には統計・数値・日付・出典の引用・最上級や「初めて」を含む文を挙げ、意見や推測は含めません。\n元のテキスト:\n${inputText}\n台本:\n${script}`;
