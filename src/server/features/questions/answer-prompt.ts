import { z } from 'zod';
import { ANSWER_LINES_MAX, HOST_NAMES } from '../../../shared/constants';
import { AnswerLineSchema } from '../../../shared/schemas/questions';
import type { LlmProvider } from '../../providers/llm/types';
import { NOT_COVERED, type TrackText, type WrittenAnswer } from './offline-answer';

/**
 * What a real model is asked for the hosts' answer (issue 39.1, decision 0038's pattern): the track's
 * numbered lines and the question; a structured answer of one to four lines, whether the track says it,
 * and the lines it rests on. The model keeps to the script: no provider here can search while answering
 * with a schema, so nothing from outside the track is said (decision 0044).
 */
export const HOST_ANSWERER = `あなたは日本語のトークラジオ「無限」の2人のホスト（${HOST_NAMES[0]}：明るく好奇心旺盛な女性、${HOST_NAMES[1]}：落ち着いた男性）です。
番組を聴いているリスナーから、いま流れている回について質問が届きました。
- 答えは台本に書かれていることだけから作ります。台本にない事実、数字、固有名詞を足しません。
- 台本で答えられるとき: covered を true にし、根拠にした台本の行番号（0始まり）を basedOn に挙げ、2人で1〜${ANSWER_LINES_MAX}行の自然な話し言葉で答えます（1行60字以内）。
- 台本で答えられないとき: covered を false、basedOn を空にし、「この回ではそこまでは話していませんでした」のように丁寧にそう伝え、推測で答えません。
- lines の speaker は「${HOST_NAMES[0]}」か「${HOST_NAMES[1]}」です。
JSON だけを返します。`;

/** The model's answer, read with the feature's schema (a model that strays is a malformed answer). */
export const ModelAnswer = z.object({
  lines: z
    .array(AnswerLineSchema.extend({ text: z.string().trim().min(1).max(120) }))
    .min(1)
    .max(ANSWER_LINES_MAX),
  covered: z.boolean(),
  basedOn: z.array(z.number().int().nonnegative()).max(20),
});

export const answerAsk = (track: TrackText, question: string) =>
  `{"lines":[{"speaker","text"}],"covered","basedOn"} の JSON で答えてください。\n番組: ${track.title}\n台本（行番号：話し手：せりふ）:\n${track.lines
    .map((l, i) => `${i}：${l.speaker}：${l.text}`)
    .join('\n')}\n質問: ${question}`;

/** Answers are precise, not lively. */
const ANSWER_TEMPERATURE = 0.3;

/**
 * The model's answer, kept to what it may say: lines it cites that the track does not have are dropped,
 * and an answer that cites none is not covered (the hosts then say the track does not say it).
 */
export async function modelAnswer(
  llm: Required<Pick<LlmProvider, 'structured'>>,
  track: TrackText,
  question: string,
): Promise<WrittenAnswer> {
  const answer = await llm.structured({
    instructions: HOST_ANSWERER,
    prompt: answerAsk(track, question),
    schema: ModelAnswer,
    temperature: ANSWER_TEMPERATURE,
  });
  const basedOn = [...new Set(answer.basedOn)].filter((i) => i < track.lines.length).sort((a, b) => a - b);
  if (!answer.covered || basedOn.length === 0) return answer.covered ? NOT_COVERED : { lines: answer.lines, covered: false, basedOn: [] };
  return { lines: answer.lines, covered: true, basedOn };
}
