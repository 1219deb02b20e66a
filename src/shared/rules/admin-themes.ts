import { ADMIN_THEMES_MESSAGES } from '../messages/admin-themes';

/**
 * テーマ管理 and the operators' generation (creator-operator spec §2.4, §3, §4, §5, §9): rules shared by
 * the server and the browser.
 */

/** AI生成 and a theme's MP3: the five speaking rates, 0.75 by default (spec §2.4, §9). */
export const ADMIN_SPEAKING_RATES = [0.5, 0.75, 1, 1.25, 1.5] as const;
export type AdminSpeakingRate = (typeof ADMIN_SPEAKING_RATES)[number];
export const ADMIN_SPEAKING_RATE_DEFAULT: AdminSpeakingRate = 0.75;
export const isAdminSpeakingRate = (n: number): n is AdminSpeakingRate => (ADMIN_SPEAKING_RATES as readonly number[]).includes(n);
/** A rate as the select shows it: 0.5, 0.75, 1.0, 1.25, 1.5. */
export const speakingRateLabel = (n: number) => (Number.isInteger(n) ? n.toFixed(1) : String(n));

/** AI生成's input: 1 to 1,000 characters, about 400 recommended (spec §2.4, §5, §9). */
export const ADMIN_INPUT_MAX = 1000;
export const ADMIN_INPUT_RECOMMENDED = 400;
/** The length of a text as a person counts it (code points: an emoji is one). */
export const textLength = (s: string) => [...s].length;

export function checkAdminInput(value: string): string | null {
  const length = textLength(value.trim());
  if (length === 0) return ADMIN_THEMES_MESSAGES.inputRequired;
  if (length > ADMIN_INPUT_MAX) return ADMIN_THEMES_MESSAGES.inputTooLong;
  return null;
}

/** A theme's content is shown cut to 150 characters (spec §3, §9). */
export const THEME_PREVIEW_CHARS = 150;
export function contentPreview(content: string): string {
  const chars = [...content];
  return chars.length <= THEME_PREVIEW_CHARS ? content : `${chars.slice(0, THEME_PREVIEW_CHARS).join('')}…`;
}
/** A theme written by hand: title up to 100, perspective up to 200, content up to 2,000 characters. */
export const THEME_LIMITS = { title: 100, perspective: 200, content: 2000 } as const;

/** Theme states (spec §4): pending 審査中 → approved 採用 or rejected 不採用; approved → rejected (削除). */
export const THEME_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ThemeStatus = (typeof THEME_STATUSES)[number];
const THEME_MOVES: Record<ThemeStatus, readonly ThemeStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['rejected'],
  rejected: [],
};
export const canMoveTheme = (from: ThemeStatus, to: ThemeStatus) => THEME_MOVES[from].includes(to);

/**
 * The video id of a YouTube address (watch?v=, youtu.be/, shorts/, live/, embed/; www., m. and music.
 * hosts), or null when the text is not one. Ids are 11 characters of [A-Za-z0-9_-].
 */
export function youtubeVideoId(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const ID = /^[A-Za-z0-9_-]{11}$/;
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com'].includes(host)) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') id = url.searchParams.get('v');
    else if (['shorts', 'live', 'embed', 'v'].includes(first ?? '')) id = second ?? null;
  }
  return id && ID.test(id) ? id : null;
}

/** The address the video is given to the model with. */
export const youtubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/** The YouTube form's check (spec §5: a non-empty URL; and a YouTube video's). */
export function checkYoutubeUrl(value: string): string | null {
  if (!value.trim()) return ADMIN_THEMES_MESSAGES.urlRequired;
  return youtubeVideoId(value) ? null : ADMIN_THEMES_MESSAGES.urlNotYoutube;
}

/** The stages of a generation's progress messages (spec §3, C-3-07), in the order a run goes through them. */
export const PROGRESS_STAGES = [
  'initialization',
  'task_initialization',
  'theme_loaded',
  'script_generation',
  'final_script_generation',
  'grounding_search',
  'grounding_complete',
  'fact_checking',
  'fact_check_complete',
  'audio_generation',
  'audio_complete',
  'task_complete',
  'error',
] as const;
export type ProgressStage = (typeof PROGRESS_STAGES)[number];

/** A task's currentStage (spec §4, C-4-19): pending, script_generation, audio_generation, completed. */
export const TASK_STAGES = ['pending', 'script_generation', 'audio_generation', 'completed'] as const;
export type TaskStage = (typeof TASK_STAGES)[number];

/** The task stage a progress stage belongs to. */
export function taskStageOf(stage: ProgressStage): TaskStage {
  switch (stage) {
    case 'initialization':
    case 'task_initialization':
    case 'error':
      return 'pending';
    case 'audio_generation':
    case 'audio_complete':
      return 'audio_generation';
    case 'task_complete':
      return 'completed';
    default:
      return 'script_generation';
  }
}

/** A generation is over when its stage is task_complete or its progress reaches 100 (spec §4, C-4-11). */
export const generationDone = (m: { stage: string; progress: number }) => m.stage === 'task_complete' || m.progress >= 100;

/** Task states (spec §4) and the ones a cancel button shows for. */
export const TASK_STATUSES = ['queued', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type AdminTaskStatus = (typeof TASK_STATUSES)[number];
export const taskActive = (status: string) => status === 'queued' || status === 'processing';

/** Polling and hand-off (spec §4, §9): the task list every 3 s; the new track id 2 s after completion. */
export const ADMIN_TASKS_POLL_MS = 3000;
export const TRACK_HANDOFF_MS = 2000;
