import { DAILY_LIMIT_FREE, DAILY_LIMIT_PREMIUM } from '../constants';

/** Creation (creator spec §2.1, §5, §9): limits of the input and the speaking rate. */
export const CREATION_INPUT_MAX = 2000;
/**
 * The longest script a preview or a publication takes. The writers aim at 3 to 5 minutes of speech:
 * 300 to 400 characters a minute at rate 1.0 (the offline voice: about 400 for kana-rich text), so
 * at most some 2,000 spoken characters with the hosts' names; the offline writer gives about 1,900
 * for 2,000 characters of input. This leaves a model's longer answer room while keeping a preview's
 * synthesis bounded (decision 0014).
 */
export const SCRIPT_MAX = 4000;
export const SPEAKING_RATE = { min: 0.5, max: 2, step: 0.1, default: 1, pageSteps: 10 } as const;
/** A preview lives 1 hour on the server; a draft 24 hours in the browser. */
export const PREVIEW_TTL_MS = 3_600_000;
export const DRAFT_TTL_MS = 24 * 3_600_000;

/** The daily generation limit of a member: 3 free, 10 premium. */
export const dailyLimitOf = (isPremium: boolean) => (isPremium ? DAILY_LIMIT_PREMIUM : DAILY_LIMIT_FREE);

/**
 * The Asia/Tokyo calendar day of an instant, as YYYY-MM-DD: daily limits reset at midnight in Japan
 * (UTC+9 all year, no daylight saving).
 */
export function tokyoDay(at: Date): string {
  return new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The `reason` a creation call's 429 answer carries beside its message: the page picks its message by
 * it (and by the call), never by reading the server's wording. `ai_service_limit` is the quota or
 * rate limit of the AI service (script writer or voice), the others Mugen's own daily limit.
 */
export const CREATION_LIMIT_REASONS = {
  dailyLimit: 'daily_limit',
  postingLimit: 'posting_limit',
  aiServiceLimit: 'ai_service_limit',
} as const;
export type CreationLimitReason = (typeof CREATION_LIMIT_REASONS)[keyof typeof CREATION_LIMIT_REASONS];

/** The creation page's and the creation calls' messages (creator spec §8). */
export const CREATION_MESSAGES = {
  inputRequired: 'テキストを入力してください',
  inputTooLong: `テキストは${CREATION_INPUT_MAX.toLocaleString('ja-JP')}文字以内で入力してください`,
  titleTooLong: 'タイトルは100文字以内で入力してください',
  scriptRequired: '台本がありません',
  scriptTooLong: `台本は${SCRIPT_MAX.toLocaleString('ja-JP')}文字以内にしてください`,
  scriptChanged: '台本が音声プレビューと異なります。もう一度音声プレビューを作成してください',
  titleRequired: 'タイトルを入力してください',
  previewRequired: '音声プレビューを作成してください',
  termsRequired: '利用規約への同意が必要です',
  dailyLimit: '本日の利用上限に達しました',
  postingLimit: '投稿制限に達しました',
  ttsQuota: 'AI音声生成サービスの制限に達しました。しばらくしてからもう一度お試しください',
  scriptFailed: '台本生成エラー',
  previewFailed: 'エラー',
  publishFailed: '投稿エラー',
  taskFailed: '音声生成エラー',
  previewNotFound: '音声プレビューが見つかりません。もう一度作成してください',
  taskNotFound: 'タスクが見つかりません',
} as const;
