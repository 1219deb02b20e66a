import { z } from 'zod';
import {
  CREATION_INPUT_MAX,
  CREATION_LIMIT_REASONS,
  CREATION_MESSAGES,
  type CreationLimitReason,
  SCRIPT_MAX,
  SPEAKING_RATE,
} from '../rules/creation';
import { ErrorSchema, IntId } from './common';

const InputText = z.string().trim().min(1, CREATION_MESSAGES.inputRequired).max(CREATION_INPUT_MAX, CREATION_MESSAGES.inputTooLong);
const Title = z.string().trim().max(100, CREATION_MESSAGES.titleTooLong);
const Script = z.string().trim().min(1, CREATION_MESSAGES.scriptRequired).max(SCRIPT_MAX, CREATION_MESSAGES.scriptTooLong);

export const FactCheckSchema = z.object({
  status: z.enum(['verified', 'issues_found']),
  confidence: z.number().int().min(0).max(100),
  summary: z.string(),
  issues: z.array(z.string()),
  /** The web pages a grounded check read (Gemini with Google Search); absent offline. */
  sources: z
    .array(z.object({ uri: z.string(), title: z.string() }))
    .max(20)
    .optional(),
});
export type FactCheck = z.infer<typeof FactCheckSchema>;

export const GenerateScriptBodySchema = z.object({ inputText: InputText, title: Title.optional().default('') });
export const ScriptAnswerSchema = z.object({
  script: z.string(),
  title: z.string(),
  factCheck: FactCheckSchema,
  inputText: z.string(),
  labels: z.array(z.string()),
});

export const RegenerateScriptBodySchema = z.object({
  inputText: InputText,
  originalScript: Script,
  issues: z.array(z.string().max(1000)).max(50).default([]),
});
export const RegenerateAnswerSchema = z.object({ script: z.string(), factCheck: FactCheckSchema });

export const PreviewBodySchema = z.object({
  script: Script,
  title: Title.optional().default(''),
  speakingRate: z.number().min(SPEAKING_RATE.min).max(SPEAKING_RATE.max).default(SPEAKING_RATE.default),
});
export const PreviewAnswerSchema = z.object({
  previewUrl: z.string(),
  duration: z.number(),
  script: z.string(),
  title: z.string(),
  previewFilename: z.string(),
  currentCount: z.number().int(),
  dailyLimit: z.number().int(),
});

/** A preview's file name as the server issued it: `p-` and 24 hex digits. */
export const PreviewFilenameSchema = z.string().regex(/^p-[0-9a-f]{24}\.mp3$/);
export const PreviewFileParamSchema = z.object({ filename: z.string().max(200) });

export const PublishBodySchema = z.object({
  previewFilename: z.string().min(1, CREATION_MESSAGES.previewRequired).max(200),
  title: z.string().trim().min(1, CREATION_MESSAGES.titleRequired).max(100, CREATION_MESSAGES.titleTooLong),
  script: Script,
  labels: z.array(z.string().trim().min(1).max(30)).max(10).default([]),
  agreedToTerms: z.literal(true, { error: CREATION_MESSAGES.termsRequired }),
});
export const PublishAnswerSchema = z.object({ taskId: z.number().int() });

export const PostingStatusSchema = z.object({
  currentCount: z.number().int(),
  dailyLimit: z.number().int(),
  remaining: z.number().int(),
  isPremium: z.boolean(),
});

export const TaskIdParamSchema = z.object({ id: IntId });
export const AudioTaskSchema = z.object({
  taskId: z.number().int(),
  status: z.enum(['queued', 'processing', 'completed', 'failed']),
  progress: z.number().int().min(0).max(100),
  stage: z.string().nullable(),
  trackId: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
});

/**
 * A creation call's 429: the message and the stable reason the page decides by (daily, posting or AI
 * service limit). The site's request rate limit answers 429 without a reason.
 */
export const CreationLimitErrorSchema = ErrorSchema.extend({
  reason: z.enum(Object.values(CREATION_LIMIT_REASONS) as [CreationLimitReason, ...CreationLimitReason[]]).optional(),
}).describe('CreationLimitError');
