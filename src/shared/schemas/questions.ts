import { z } from 'zod';
import { ANSWER_LINES_MAX, HOST_NAMES } from '../constants';
import { QUESTION_MESSAGES, questionProblem } from '../rules/questions';
import { checkedString, IntId } from './common';

/** POST /api/tracks/{id}/questions (issue 39.1): the member's question, 1 to 300 characters. */
export const QuestionBodySchema = z.object({
  question: checkedString(questionProblem, QUESTION_MESSAGES.questionRequired, 'multi'),
});
export type QuestionBody = z.infer<typeof QuestionBodySchema>;

/** An answer's id: random, hex (it names the answer's audio in storage). */
export const AnswerIdSchema = z.string().regex(/^[0-9a-f]{24}$/);

/** A line of the hosts' answer; `outside` true on one that says what the track does not (from a web search, its pages in the answer's `sources`). */
export const AnswerLineSchema = z.object({ speaker: z.enum(HOST_NAMES), text: z.string(), outside: z.boolean().optional() });
export type AnswerLine = z.infer<typeof AnswerLineSchema>;

/** A page a web search read for an answer's outside lines. */
export const AnswerSourceSchema = z.object({ title: z.string(), url: z.string() });

/**
 * The hosts' answer: one to four lines, their audio (members only, ranges and ETag), how long it lasts,
 * whether the track says it (`covered`) and the transcript lines it rests on (indices of
 * GET /api/tracks/{id}/transcript's lines; empty when not covered). With Gemini the hosts may also say
 * what the track does not, from a web search: those lines are marked `outside`, the pages read are
 * `sources` (empty otherwise) and Google's Search Suggestions, shown beside them, `searchEntryPoint`.
 */
export const AnswerSchema = z.object({
  answer: z.object({
    id: AnswerIdSchema,
    lines: z.array(AnswerLineSchema).min(1).max(ANSWER_LINES_MAX),
    audioUrl: z.string(),
    seconds: z.number(),
    covered: z.boolean(),
    basedOn: z.array(z.number().int().nonnegative()),
    sources: z.array(AnswerSourceSchema),
    searchEntryPoint: z.string().optional(),
  }),
});
export type Answer = z.infer<typeof AnswerSchema>['answer'];

/** GET /api/tracks/{id}/questions/{answerId}/audio. */
export const AnswerAudioParamSchema = z.object({ id: IntId, answerId: AnswerIdSchema });

/** Where an answer's audio is served. */
export const answerAudioPath = (trackId: number, answerId: string) => `/api/tracks/${trackId}/questions/${answerId}/audio`;
