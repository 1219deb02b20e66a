import { z } from 'zod';
import { CREATE_PAGE_CATEGORIES } from '../../../shared/categories';
import { SCRIPT_MAX } from '../../../shared/rules/creation';
import { FactCheckSchema } from '../../../shared/schemas/creation';
import { ModelClaims } from './fact-check/settle';
import type { SegueInput, SegueTrack } from './types';

/**
 * What the real script writers are asked and how their answers are checked (one place for Gemini and
 * the OpenAI-compatible endpoints): a model that strays is a malformed answer, never a broken track.
 */
const HOST_LINE = /^(ハルカ|ケンタ)：\S/;

/** A script is lines "ハルカ：…" / "ケンタ：…", both hosts speaking; anything else is a malformed answer. */
export const ScriptText = z
  .string()
  .transform((s) =>
    s
      .split('\n')
      .map((l) => l.trim().replace(/^(ハルカ|ケンタ)[:：]\s*/, '$1：'))
      .filter(Boolean)
      .join('\n'),
  )
  .refine((s) => {
    const lines = s.split('\n');
    return lines.length >= 2 && lines.every((l) => HOST_LINE.test(l)) && lines.some((l) => l.startsWith('ケンタ'));
  }, 'not a two-host script')
  // Longer than a preview takes: the model ignored the length it was asked for.
  .refine((s) => s.length <= SCRIPT_MAX, 'script too long');

/** The spec's fields as asked, and the claims read one by one (settled on the script's lines afterwards: fact-check/). */
const ModelFactCheck = FactCheckSchema.pick({ status: true, confidence: true, summary: true, issues: true }).extend({
  claims: ModelClaims,
});

export const DraftAnswer = z.object({
  title: z.string().trim().min(1).max(100),
  script: ScriptText,
  labels: z.array(z.string()).max(10),
  factCheck: ModelFactCheck,
});
export const RewriteAnswer = z.object({ script: ScriptText, factCheck: ModelFactCheck });

export const SCRIPT_WRITER = `あなたは日本語のトークラジオ「無限」の構成作家です。聞き手から届いたテキストを、2人のホスト
（ハルカ：明るく好奇心旺盛な女性、ケンタ：落ち着いた男性）の自然な掛け合いの台本にします。
- 各行は「ハルカ：」または「ケンタ：」で始め、交互に話し、オープニング、本文の要点を順番どおり、相づちや質問、クロージングを含めます。
- 話す長さは全体で3〜5分（台本の本文でおよそ1,000〜1,500字）です。長いテキストは要点をしぼり、順番は変えません。
- テキストにない事実を足さず、断定できないことは断定しません。
- 事実確認（factCheck）では、確認できない主張や誤りの可能性を issues に日本語で挙げ、status は問題がなければ verified、あれば issues_found、confidence は 0〜100 の整数にします。
- factCheck.claims には、統計・数値・日付・出典の引用（〜によると、調査、統計、発表）・最上級や「初めて」を述べる台本の文を {"text":台本の文そのまま,"line":台本の行番号（0始まり、改行で区切った行）,"status":"verified"|"needs_source"|"disputed"} で挙げます。意見や推測（〜かもしれません、〜と思います、〜が大切です）は挙げません。
- labels は次から最大3つ: ${CREATE_PAGE_CATEGORIES.join('、')}
JSON だけを返します。`;

/** The labels of the catalogue's list only. */
export const catalogueLabels = (labels: string[]) =>
  labels.filter((l) => (CREATE_PAGE_CATEGORIES as readonly string[]).includes(l)).slice(0, 3);

/** What a real model is asked for a programme's segue (issue 28.2): two or three short lines, one host each. */
export function segueAsk(input: SegueInput): string {
  const about = (t: SegueTrack) => `「${t.title}」（${t.category ?? 'カテゴリなし'}）${t.gist ? `: ${t.gist.slice(0, 200)}` : ''}`;
  return input.to
    ? `トークラジオの番組で、いま終わったトラックから次のトラックへのつなぎを、ハルカとケンタの2〜3行の掛け合いで書いてください。声に出して3〜10秒（合計60字以内）で、次のトラックのタイトルかテーマを必ず言います。事実を足しません。{"script"} の JSON で返してください。\n終わったトラック: ${about(input.from)}\n次のトラック: ${about(input.to)}`
    : `トークラジオの番組の締めの言葉を、ハルカとケンタの2行の掛け合いで書いてください。声に出して3〜8秒（合計45字以内）で、最後のトラックに触れてお礼を言います。{"script"} の JSON で返してください。\n最後のトラック: ${about(input.from)}`;
}

/** A segue's script: a two-host script short enough to say in a few seconds. */
export const SegueAnswer = z.object({ script: ScriptText.refine((s) => s.length <= 160, 'segue too long') });
