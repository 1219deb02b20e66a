import { z } from 'zod';
import { ADMIN_INPUT_MAX, isAdminSpeakingRate, textLength } from '../../shared/rules/admin-themes';
import { SPEAKING_RATE } from '../../shared/rules/creation';

/**
 * Every kind of task, with its payload schema and version, in one place. A worker validates a task's
 * payload against the schema of its version before it runs; a payload it cannot read fails the task
 * instead of guessing.
 */
export const JOBS = {
  'publish-track': {
    version: 1,
    payload: z.object({
      userId: z.string().min(1),
      previewFilename: z.string().min(1),
      title: z.string().min(1).max(100),
      script: z.string().min(1),
      category: z.string().min(1),
      speakingRate: z.number().min(SPEAKING_RATE.min).max(SPEAKING_RATE.max),
    }),
  },
  /** A member's 90-day premium pause is over: billing and premium resume (features/premium/schedule.ts). */
  'premium-resume': {
    version: 1,
    payload: z.object({
      userId: z.string().min(1),
      /** The end of the pause this task resumes (ISO 8601); a task of another pause does nothing. */
      pausedUntil: z.iso.datetime(),
    }),
  },
  /** A contact message goes to the operator by SMTP (features/support/mail.ts); retried while the server is down. */
  'contact-mail': {
    version: 1,
    payload: z.object({ messageId: z.number().int().positive() }),
  },
  /**
   * The operators' generation (admin console, features/admin/themes/generation.ts): a theme (loaded when
   * the task runs) or AI生成's text becomes a published track of the official account.
   */
  'admin-generate': {
    version: 1,
    payload: z
      .object({
        themeId: z.number().int().positive().nullable(),
        inputText: z
          .string()
          .min(1)
          .refine((s) => textLength(s) <= ADMIN_INPUT_MAX)
          .nullable(),
        speakingRate: z.number().refine(isAdminSpeakingRate),
      })
      .refine((p) => (p.themeId === null) !== (p.inputText === null), 'a theme or a text, not both'),
  },
  /**
   * A track's audio spoken again from its script with today's reading dictionary (issue 25.3,
   * features/readings/regenerate.ts): the operator's fix of a reported misreading.
   */
  'regenerate-audio': {
    version: 1,
    payload: z.object({ trackId: z.number().int().positive() }),
  },
  /** The hosts' segue of a programme spoken and stored once (あと N 分, issue 28.2, features/radio/segues.ts). */
  'make-segue': {
    version: 1,
    payload: z.object({ segueId: z.number().int().positive() }),
  },
} as const;

export type JobKind = keyof typeof JOBS;
export type JobPayload<K extends JobKind> = z.infer<(typeof JOBS)[K]['payload']>;
