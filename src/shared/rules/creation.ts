import {
  DAILY_LIMIT_FREE,
  DAILY_LIMIT_PREMIUM,
  SCRIPT_CALLS_DAILY_FREE,
  SCRIPT_CALLS_DAILY_PREMIUM,
  SCRIPT_CALLS_PER_MINUTE,
} from '../constants';

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
/**
 * The shapes a show can take (issue 39.2, decision 0045): the format (two hosts talking, one asking the
 * other, a debate, a news brief, one host alone) and the length (3 to 5 minutes, or about one minute).
 */
export const SCRIPT_FORMATS = ['dialogue', 'interview', 'debate', 'news', 'monologue'] as const;
export type ScriptFormat = (typeof SCRIPT_FORMATS)[number];
export const SCRIPT_LENGTHS = ['standard', 'short'] as const;
export type ScriptLength = (typeof SCRIPT_LENGTHS)[number];
export interface ScriptShape {
  format: ScriptFormat;
  length: ScriptLength;
}
export const DEFAULT_SHAPE: ScriptShape = { format: 'dialogue', length: 'standard' };
export const SPEAKING_RATE = { min: 0.5, max: 2, step: 0.1, default: 1, pageSteps: 10 } as const;
/** A preview lives 1 hour on the server; a draft 24 hours in the browser. */
export const PREVIEW_TTL_MS = 3_600_000;
export const DRAFT_TTL_MS = 24 * 3_600_000;

/** Whether a draft written at `savedAt` is still restored at `now`: 24 hours from when it was written, not from a visit. */
export const draftAlive = (savedAt: number, now: number) => now - savedAt < DRAFT_TTL_MS;
/** Whether a preview made at `createdAt` is still in the draft at `now` (1 hour, as on the server). */
export const previewAlive = (createdAt: number, now: number) => now - createdAt < PREVIEW_TTL_MS;

/** Fact-check confidence (creator spec §9): 80 and above green, 60 and above amber, below red. */
export type ConfidenceLevel = 'high' | 'medium' | 'low';
export const confidenceLevel = (confidence: number): ConfidenceLevel => (confidence >= 80 ? 'high' : confidence >= 60 ? 'medium' : 'low');

/**
 * Polling of the publishing task (creator spec §4): every 2 s while the member watches it in final
 * review (C-4-10), every 3 s while a task restored from the draft is queued or processing (C-4-07);
 * a failed request is retried after 3 s, doubling up to 30 s, at most 5 times (C-4-08), then the
 * network message shows (C-4-09).
 */
export const TASK_POLL = { finalReviewMs: 2000, restoredMs: 3000, retryFromMs: 3000, maxRetries: 5, maxDelayMs: 30_000 } as const;

/** The wait before the next request after `failures` failed ones in a row, or null: stop, the retries are spent. */
export function taskPollDelay(failures: number, inFinalReview: boolean): number | null {
  if (failures <= 0) return inFinalReview ? TASK_POLL.finalReviewMs : TASK_POLL.restoredMs;
  if (failures > TASK_POLL.maxRetries) return null;
  return Math.min(TASK_POLL.maxDelayMs, TASK_POLL.retryFromMs * 2 ** (failures - 1));
}

/** Generation takes about 1 to 2 minutes (creator spec §2.1): the bar's estimate runs over 120 s. */
export const PUBLISH_ESTIMATE_MS = 120_000;

/**
 * The progress bar after publishing, 0 to 100: the estimate from when the task was started (kept with
 * the draft, so a reload does not start it again at 0), capped at 95 % until the task is done, or the
 * task's own progress when that is further.
 */
export function publishProgress(startedAt: number, now: number, task?: { status: string; progress: number }): number {
  if (task?.status === 'completed') return 100;
  const estimate = Math.min(95, (Math.max(0, now - startedAt) / PUBLISH_ESTIMATE_MS) * 100);
  return Math.round(Math.max(estimate, Math.min(99, task?.progress ?? 0)));
}

/** A stored speaking rate, or the default when it is not one the slider can show. */
export function speakingRateOf(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(n) || n < SPEAKING_RATE.min || n > SPEAKING_RATE.max) return SPEAKING_RATE.default;
  return Math.round(n * 10) / 10;
}

/** The daily generation limit of a member: 3 free, 10 premium. */
export const dailyLimitOf = (isPremium: boolean) => (isPremium ? DAILY_LIMIT_PREMIUM : DAILY_LIMIT_FREE);

/** The script writer's calls a member may make per Asia/Tokyo day: 30 free, 100 premium (#24.7). */
export const scriptDailyLimitOf = (isPremium: boolean) => (isPremium ? SCRIPT_CALLS_DAILY_PREMIUM : SCRIPT_CALLS_DAILY_FREE);
export { SCRIPT_CALLS_PER_MINUTE };

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
  /** The script writer's calls of the day (30 free, 100 premium) are spent. */
  scriptDailyLimit: 'script_daily_limit',
  /** More than 5 script calls in a minute. */
  scriptMinuteLimit: 'script_minute_limit',
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
  scriptDailyLimit: (limit: number) => `台本の作成・修正は1日${limit}回までです。明日（日本時間の0時以降）またお試しください`,
  scriptMinuteLimit: `台本の作成・修正は1分間に${SCRIPT_CALLS_PER_MINUTE}回までです。少し待ってからもう一度お試しください`,
  ttsQuota: 'AI音声生成サービスの制限に達しました。しばらくしてからもう一度お試しください',
  scriptFailed: '台本生成エラー',
  previewFailed: 'エラー',
  publishFailed: '投稿エラー',
  taskFailed: '音声生成エラー',
  previewNotFound: '音声プレビューが見つかりません。もう一度作成してください',
  taskNotFound: 'タスクが見つかりません',
  formatUnknown: '番組の形式を選んでください（対談・インタビュー・討論・ニュース・ひとり語り）',
  lengthUnknown: '番組の長さを選んでください（標準・ショート）',
} as const;
