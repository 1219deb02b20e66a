import { z } from 'zod';
import {
  CREATION_INPUT_MAX,
  CREATION_LIMIT_REASONS,
  CREATION_MESSAGES,
  type CreationLimitReason,
  SCRIPT_FORMATS,
  SCRIPT_LENGTHS,
  SCRIPT_MAX,
  SPEAKING_RATE,
} from '../rules/creation';
import { ErrorSchema, IntId, writtenText } from './common';

const InputText = writtenText('multi').min(1, CREATION_MESSAGES.inputRequired).max(CREATION_INPUT_MAX, CREATION_MESSAGES.inputTooLong);
const Title = writtenText().max(100, CREATION_MESSAGES.titleTooLong);
/** The show's shape (issue 39.2): optional, today's two-host talk of 3 to 5 minutes by default. */
export const ScriptFormatSchema = z.enum(SCRIPT_FORMATS, { message: CREATION_MESSAGES.formatUnknown });
export const ScriptLengthSchema = z.enum(SCRIPT_LENGTHS, { message: CREATION_MESSAGES.lengthUnknown });
const Format = ScriptFormatSchema.default('dialogue');
const Length = ScriptLengthSchema.default('standard');
const Script = writtenText('multi').min(1, CREATION_MESSAGES.scriptRequired).max(SCRIPT_MAX, CREATION_MESSAGES.scriptTooLong);

/** A claim's state: a source supports it, nothing was found for it, or a source contradicts it. */
export const CLAIM_STATUSES = ['verified', 'needs_source', 'disputed'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** A page a grounded check read: its title is the site's domain, its link the page (or the provider's redirect to it). */
export const ClaimSourceSchema = z.object({ title: z.string().max(300), url: z.string().url().max(2000) });

/**
 * A statement a listener may take as fact (a statistic, a number or date, an attribution, a superlative
 * or a first), pinned to the script line that says it: `line` is the 0-based index of the line in the
 * script split on `\n` (issue 25.2, decision 0028).
 */
export const ClaimSchema = z.object({
  text: z.string().min(1).max(500),
  line: z.number().int().min(0),
  status: z.enum(CLAIM_STATUSES),
  sources: z.array(ClaimSourceSchema).max(10),
});
export type Claim = z.infer<typeof ClaimSchema>;

export const FactCheckSchema = z.object({
  status: z.enum(['verified', 'issues_found']),
  confidence: z.number().int().min(0).max(100),
  summary: z.string(),
  issues: z.array(z.string()),
  /** The claims of the script, each pinned to its line (empty when it makes none). */
  claims: z.array(ClaimSchema).max(100).default([]),
  /** The web pages a grounded check read (Gemini with Google Search); absent offline. */
  sources: z
    .array(z.object({ uri: z.string(), title: z.string() }))
    .max(20)
    .optional(),
  /**
   * Google's Search Suggestions for a grounded check (`searchEntryPoint.renderedContent`: HTML and CSS
   * Google's terms require to be shown with the answer); absent when the check was not grounded.
   */
  searchEntryPoint: z.string().max(50_000).optional(),
});
export type FactCheck = z.infer<typeof FactCheckSchema>;

export const GenerateScriptBodySchema = z.object({
  inputText: InputText,
  title: Title.optional().default(''),
  format: Format,
  length: Length,
});
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
  issues: z
    .array(writtenText('multi', { trim: false }).max(1000))
    .max(50)
    .default([]),
  format: Format,
  length: Length,
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

/**
 * The creation draft as the browser keeps it (creator spec §3, issue 38.4): read back through this, so
 * a foreign or broken value is no draft. A draft kept before the show's shape (#39.2) has none.
 */
export const StoredDraftSchema = z.object({
  savedAt: z.number(),
  step: z.literal([0, 1, 2, 3]),
  inputText: z.string(),
  title: z.string(),
  rate: z.number(),
  format: z.enum(SCRIPT_FORMATS).catch('dialogue'),
  length: z.enum(SCRIPT_LENGTHS).catch('standard'),
  script: ScriptAnswerSchema.nullable(),
  labels: z.array(z.string()),
  preview: PreviewAnswerSchema.extend({ createdAt: z.number() }).nullable(),
  taskId: z.number().int().nullable(),
  taskStartedAt: z.number().nullable().optional(),
});

/** A preview's file name as the server issued it: `p-` and 24 hex digits. */
export const PreviewFilenameSchema = z.string().regex(/^p-[0-9a-f]{24}\.mp3$/);
export const PreviewFileParamSchema = z.object({ filename: z.string().max(200) });

export const PublishBodySchema = z.object({
  previewFilename: writtenText('single', { trim: false }).min(1, CREATION_MESSAGES.previewRequired).max(200),
  title: writtenText().min(1, CREATION_MESSAGES.titleRequired).max(100, CREATION_MESSAGES.titleTooLong),
  script: Script,
  labels: z.array(writtenText().min(1).max(30)).max(10).default([]),
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
