import { z } from 'zod';
import { ANSWER_LINES_MAX, HOST_NAMES } from '../../../shared/constants';
import { AnswerLineSchema } from '../../../shared/schemas/questions';
import type { LlmProvider } from '../../providers/llm/types';
import { NOT_COVERED, type TrackText, type WrittenAnswer } from './offline-answer';

/**
 * What a real model is asked for the hosts' answer (issue 39.1, decision 0038's pattern): the track's
 * numbered lines and the question; a structured answer of one to four lines, whether the track says it,
 * and the lines it rests on. A model that cannot search keeps to the script; Gemini may search for what
 * the script does not say, marking those lines as from outside with the pages it read (decision 0044).
 */
export const HOST_ANSWERER = `あなたは日本語のトークラジオ「無限」の2人のホスト（${HOST_NAMES[0]}：明るく好奇心旺盛な女性、${HOST_NAMES[1]}：落ち着いた男性）です。
番組を聴いているリスナーから、いま流れている回について質問が届きました。
- 答えは台本に書かれていることだけから作ります。台本にない事実、数字、固有名詞を足しません。
- 台本で答えられるとき: covered を true にし、根拠にした台本の行番号（0始まり）を basedOn に挙げ、2人で1〜${ANSWER_LINES_MAX}行の自然な話し言葉で答えます（1行60字以内）。
- 台本で答えられないとき: covered を false、basedOn を空にし、「この回ではそこまでは話していませんでした」のように丁寧にそう伝え、推測で答えません。
- lines の speaker は「${HOST_NAMES[0]}」か「${HOST_NAMES[1]}」です。
JSON だけを返します。`;

/** The same hosts with a web search at hand: the script first; what it does not say, only from what the search found, marked. */
export const HOST_SEARCHER = `${HOST_ANSWERER.split('\n').slice(0, 2).join('\n')}
- まず台本に書かれていることから答えます。台本で答えられるとき: covered を true にし、根拠にした台本の行番号（0始まり）を basedOn に挙げます。
- 台本で答えられないことは、Google 検索で確かめられたことだけを答えてよく、その行の outside を true にします。検索でも確かめられないときは、推測せず「この回では話していませんでした」と丁寧に伝えます。台本にあることを言う行の outside は false です。
- 2人で1〜${ANSWER_LINES_MAX}行の自然な話し言葉で答えます（1行60字以内）。番組の外の情報を話すときは「番組の外で調べると」のように、そうとわかる言い方をします。
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

/** A searching model's answer: its lines may be marked as from outside the track. */
export const SearchedModelAnswer = ModelAnswer.extend({
  lines: z
    .array(AnswerLineSchema.extend({ text: z.string().trim().min(1).max(120), outside: z.boolean().default(false) }))
    .min(1)
    .max(ANSWER_LINES_MAX),
});

export const answerAsk = (track: TrackText, question: string, fields = '{"lines":[{"speaker","text"}],"covered","basedOn"}') =>
  `${fields} の JSON で答えてください。\n番組: ${track.title}\n台本（行番号：話し手：せりふ）:\n${track.lines
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
  const basedOn = citedLines(answer.basedOn, track);
  if (!answer.covered || basedOn.length === 0) return answer.covered ? NOT_COVERED : { lines: answer.lines, covered: false, basedOn: [] };
  return { lines: answer.lines, covered: true, basedOn };
}

/** The track's lines a model cited that the track has, in order, once each. */
const citedLines = (basedOn: readonly number[], track: TrackText) =>
  [...new Set(basedOn)].filter((i) => i < track.lines.length).sort((a, b) => a - b);

/**
 * The hosts' answer from a model that may search (Gemini): from the script where it says it, as
 * modelAnswer; lines from outside the track are kept only with the pages the search read (a line marked
 * outside with no page read is dropped, and an answer left with nothing is not covered).
 */
export async function searchedAnswer(
  llm: Required<Pick<LlmProvider, 'searched'>>,
  track: TrackText,
  question: string,
): Promise<WrittenAnswer> {
  const { value, sources, searchEntryPoint } = await llm.searched({
    instructions: HOST_SEARCHER,
    prompt: answerAsk(track, question, '{"lines":[{"speaker","text","outside"}],"covered","basedOn"}'),
    schema: SearchedModelAnswer,
    temperature: ANSWER_TEMPERATURE,
  });
  const basedOn = citedLines(value.basedOn, track);
  const covered = value.covered && basedOn.length > 0;
  const lines = value.lines
    .filter((l) => !l.outside || sources.length > 0)
    .map(({ speaker, text, outside }) => (outside ? { speaker, text, outside } : { speaker, text }));
  const fromOutside = lines.some((l) => l.outside);
  if (lines.length === 0 || (!covered && !fromOutside && value.covered)) return NOT_COVERED;
  return {
    lines,
    covered,
    basedOn: covered ? basedOn : [],
    sources: fromOutside ? sources : [],
    ...(fromOutside && searchEntryPoint ? { searchEntryPoint } : {}),
  };
}
