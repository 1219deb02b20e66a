import { QUESTION_MAX, QUESTIONS_PER_DAY_FREE, QUESTIONS_PER_DAY_PREMIUM } from '../constants';

/**
 * 「ホストに質問」 (issue 39.1): the question's rule and the API's answers, in Japanese. A plain function
 * the browser's form checks with, and, wrapped by `checkedString`, the API's schema.
 */
export const QUESTION_MESSAGES = {
  questionRequired: '質問を入力してください',
  questionTooLong: `質問は${QUESTION_MAX}文字以内で入力してください`,
  dailyLimit: (limit: number) => `今日の質問は${limit}回までです。明日またお試しください。`,
  minuteLimit: '質問が続いています。1分ほどおいてからもう一度お試しください。',
  answerAudioNotFound: '回答の音声が見つかりません',
} as const;

/** The questions a member may ask in a Japan day. */
export const questionsPerDayOf = (isPremium: boolean) => (isPremium ? QUESTIONS_PER_DAY_PREMIUM : QUESTIONS_PER_DAY_FREE);

/** Characters as a person counts them (an emoji is one). */
const lengthOf = (value: string) => [...value].length;

export function questionProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return QUESTION_MESSAGES.questionRequired;
  if (lengthOf(v) > QUESTION_MAX) return QUESTION_MESSAGES.questionTooLong;
  return null;
}
