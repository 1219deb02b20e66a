import { DAY_MS, QUESTIONS_PER_MINUTE } from '../../../shared/constants';
import { tokyoDay } from '../../../shared/rules/creation';
import { QUESTION_MESSAGES, questionsPerDayOf } from '../../../shared/rules/questions';
import type { Counters } from '../../http/counters';
import { AppError } from '../../http/errors';

/** The counters' keys of a member's questions in the Japan day and in the clock minute of `now`. */
export const questionDayKey = (userId: string, now: Date) => `questions:day:${userId}:${tokyoDay(now)}`;
export const questionMinuteKey = (userId: string, now: Date) => `questions:minute:${userId}:${Math.floor(now.getTime() / 60_000)}`;

/** A question taken from the member's limits: give it back when it could not be answered. */
export interface QuestionUse {
  giveBack(): Promise<void>;
}

/**
 * Takes one question of the member's limits (issue 39.1) in the counters every instance shares:
 * QUESTIONS_PER_DAY_FREE or _PREMIUM a Japan day (the day is in the key, so a new day starts at 1) and
 * QUESTIONS_PER_MINUTE a clock minute (in the key too). Each hit is atomic, so parallel questions never pass a limit; a
 * refused question is given back at once and costs nothing. 429 with the limit's message.
 */
export async function takeQuestion(counters: Counters, userId: string, isPremium: boolean, now: Date): Promise<QuestionUse> {
  const dayKey = questionDayKey(userId, now);
  const minuteKey = questionMinuteKey(userId, now);
  const perDay = questionsPerDayOf(isPremium);
  const day = await counters.hit(dayKey, DAY_MS);
  if (day.count > perDay) {
    await counters.giveBack(dayKey);
    throw new AppError(429, QUESTION_MESSAGES.dailyLimit(perDay));
  }
  const minute = await counters.hit(minuteKey, 60_000);
  if (minute.count > QUESTIONS_PER_MINUTE) {
    await Promise.all([counters.giveBack(dayKey), counters.giveBack(minuteKey)]);
    throw new AppError(429, QUESTION_MESSAGES.minuteLimit, {}, { 'Retry-After': String(Math.max(1, Math.ceil(minute.ttlMs / 1000))) });
  }
  return { giveBack: async () => void (await Promise.all([counters.giveBack(dayKey), counters.giveBack(minuteKey)])) };
}
