import { z } from 'zod';
import { ADMIN_THEMES_MESSAGES } from '../messages/admin-themes';
import {
  ADMIN_SPEAKING_RATE_DEFAULT,
  checkAdminInput,
  checkYoutubeUrl,
  isAdminSpeakingRate,
  PROGRESS_STAGES,
  TASK_STAGES,
  TASK_STATUSES,
  THEME_LIMITS,
  THEME_STATUSES,
} from '../rules/admin-themes';
import { checkedString, IntId, writtenText } from './common';
import { FactCheckSchema, ScriptFormatSchema, ScriptLengthSchema } from './creation';

/** テーマ管理, the generation tasks and AI生成 (issue 18; creator-operator spec §3, §7). */

/** One of the five rates (a number in a body, text in a query). */
const SpeakingRate = z
  .number({ error: ADMIN_THEMES_MESSAGES.speakingRateInvalid })
  .refine(isAdminSpeakingRate, ADMIN_THEMES_MESSAGES.speakingRateInvalid);
export const SpeakingRateQuery = z.coerce
  .number({ error: ADMIN_THEMES_MESSAGES.speakingRateInvalid })
  .refine(isAdminSpeakingRate, ADMIN_THEMES_MESSAGES.speakingRateInvalid);

export const YoutubeExtractBodySchema = z.object({ url: checkedString(checkYoutubeUrl, ADMIN_THEMES_MESSAGES.urlRequired) });

export const NewThemeBodySchema = z.object({
  title: writtenText('single', { missing: ADMIN_THEMES_MESSAGES.titleRequired })
    .min(1, ADMIN_THEMES_MESSAGES.titleRequired)
    .max(THEME_LIMITS.title, ADMIN_THEMES_MESSAGES.titleTooLong),
  perspective: writtenText('multi').max(THEME_LIMITS.perspective, ADMIN_THEMES_MESSAGES.perspectiveTooLong).default(''),
  content: writtenText('multi', { missing: ADMIN_THEMES_MESSAGES.contentRequired })
    .min(1, ADMIN_THEMES_MESSAGES.contentRequired)
    .max(THEME_LIMITS.content, ADMIN_THEMES_MESSAGES.contentTooLong),
});

export const ThemeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  perspective: z.string(),
  /** Cut to 150 characters (spec §9). */
  content: z.string(),
  status: z.enum(THEME_STATUSES),
  /** The video it was extracted from (spec §3: youtubeExtraction.title), null for a theme written by hand. */
  youtubeExtraction: z.object({ title: z.string().nullable(), url: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Theme = z.infer<typeof ThemeSchema>;
export const ThemesAnswerSchema = z.array(ThemeSchema);
export const ExtractAnswerSchema = z.object({ message: z.string(), themes: z.array(ThemeSchema) });

export const ThemeIdParamSchema = z.object({ id: IntId });
export const ThemeStatusBodySchema = z.object({ status: z.enum(THEME_STATUSES, { error: ADMIN_THEMES_MESSAGES.themeStatusInvalid }) });

export const GenerateAudioBodySchema = z.object({
  speakingRate: SpeakingRate.default(ADMIN_SPEAKING_RATE_DEFAULT),
  /** Publish the track for premium members only (issue 40.5). */
  premiumOnly: z.boolean().default(false),
  /** The show's shape (issue 39.2), as on the create page. */
  format: ScriptFormatSchema.default('dialogue'),
  length: ScriptLengthSchema.default('standard'),
});
export const TaskIdAnswerSchema = z.object({ taskId: z.number().int() });

/** What the script writer's stage found: the grounding (the pages a search read) and the fact check. */
export const GroundingInfoSchema = z.object({
  /** Whether a web search grounded the check (Gemini with Google Search); false offline. */
  searched: z.boolean(),
  sources: z.array(z.object({ uri: z.string(), title: z.string() })),
});
export type GroundingInfo = z.infer<typeof GroundingInfoSchema>;
export const FactCheckResultSchema = FactCheckSchema.pick({ status: true, confidence: true, summary: true, issues: true });
export const StageDataSchema = z.object({
  script_generation: z
    .object({
      groundingInfo: GroundingInfoSchema,
      factCheckResult: FactCheckResultSchema,
      /** The script's title (the theme's, or the writer's for a text). */
      title: z.string(),
      /** Whether the script was rewritten to address the check's issues before it was spoken. */
      revised: z.boolean(),
    })
    .optional(),
});
export type StageData = z.infer<typeof StageDataSchema>;

export const AdminTaskSchema = z.object({
  id: z.number().int(),
  themeId: z.number().int().nullable(),
  theme: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** What it speaks: the theme's title, the script's, or the start of the operator's text. */
  title: z.string(),
  source: z.enum(['theme', 'input']),
  status: z.enum(TASK_STATUSES),
  currentStage: z.enum(TASK_STAGES),
  progress: z.number().int().min(0).max(100),
  speakingRate: z.number(),
  errorMessage: z.string().nullable(),
  groundingInfo: GroundingInfoSchema.nullable(),
  stageData: StageDataSchema,
  trackId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type AdminTask = z.infer<typeof AdminTaskSchema>;
/** Without page and limit the answer is the spec's (C-7.4-15): an array of the newest ADMIN_TASKS_ALL_MAX tasks. */
export const ADMIN_TASKS_ALL_MAX = 100;
export const AdminTasksQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const AdminTasksAnswerSchema = z.object({
  tasks: z.array(AdminTaskSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export const AdminTaskArraySchema = z.array(AdminTaskSchema);
export const AdminMessageSchema = z.object({ message: z.string() });
export const ClearedAnswerSchema = z.object({ message: z.string(), deleted: z.number().int() });

/** A job the workers run on a schedule (#26.2): how often, its last run (started or over) and its next one. */
export const ScheduledJobSchema = z.object({
  kind: z.string(),
  everyMs: z.number().int(),
  last: z.object({ at: z.iso.datetime(), status: z.enum(TASK_STATUSES) }).nullable(),
  nextAt: z.iso.datetime().nullable(),
});
export const ScheduledJobsAnswerSchema = z.object({ jobs: z.array(ScheduledJobSchema) });

/** GET /api/generate-content: the operator's text (1 to 1,000 characters) and one of the five rates. */
export const GenerateContentQuerySchema = z.object({
  inputText: checkedString(checkAdminInput, ADMIN_THEMES_MESSAGES.inputRequired, 'multi'),
  speakingRate: SpeakingRateQuery.default(ADMIN_SPEAKING_RATE_DEFAULT),
  /** `true`: the track is published for premium members only (issue 40.5). */
  premiumOnly: z
    .enum(['true', 'false'], { error: ADMIN_THEMES_MESSAGES.premiumOnlyInvalid })
    .default('false')
    .transform((v) => v === 'true'),
  /** The show's shape (issue 39.2), as on the create page. */
  format: ScriptFormatSchema.default('dialogue'),
  length: ScriptLengthSchema.default('standard'),
});

/** A generation progress message (spec §3, C-3-06), over /ws and inside the SSE status events. */
export const ProgressMessageSchema = z.object({
  taskId: z.number().int(),
  progress: z.number().int().min(0).max(100),
  stage: z.enum(PROGRESS_STAGES),
  message: z.string(),
  timestamp: z.string(),
  details: z.object({ trackId: z.number().int().optional(), title: z.string().optional() }),
  rawData: z
    .object({
      groundingInfo: GroundingInfoSchema.optional(),
      factCheckResult: FactCheckResultSchema.optional(),
      finalTrackData: z.object({ id: z.number().int() }).optional(),
    })
    .optional(),
});
export type ProgressMessage = z.infer<typeof ProgressMessageSchema>;

/** The events of AI生成's stream (GET /api/generate-content, spec §7), as the console reads them (issue 38.4). */
export const GenerationStatusEventSchema = ProgressMessageSchema.pick({
  taskId: true,
  stage: true,
  progress: true,
  message: true,
}).partial();
export const GenerationCompleteEventSchema = z.object({ taskId: z.number().int().optional(), trackId: z.number().int() });
export const GenerationErrorEventSchema = z.object({ taskId: z.number().int().optional(), message: z.string().optional() });

/** What a /ws client sends: subscribe to (or leave) one task's progress. */
export const WsClientMessageSchema = z.object({ type: z.enum(['subscribe', 'unsubscribe']), taskId: IntId });
