import { z } from 'zod';
import { ADMIN_AUDIO_MESSAGES, uploadTitleProblem } from '../rules/admin-audio';
import { checkedString, IntId } from './common';

/**
 * The console's 音声管理 calls (creator-operator spec §2.4, §3, §7; decision 0022): the file list, where
 * each file is, the sync to the bucket, the upload.
 */

/** GET /api/admin/files?page=&search=: 10 a page (spec §9), search over the title and the poster. */
export const AdminFilesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(200).optional(),
});
export type AdminFilesQuery = z.infer<typeof AdminFilesQuerySchema>;

/** GET /api/admin/files/location?ids=1,2,3: those files (the list's page), or every file without ids. */
export const AdminFileLocationQuerySchema = z.object({
  ids: z
    .string()
    .max(1200)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const ids = v.split(',').map((s) => IntId.safeParse(s.trim()));
      if (ids.length > 100 || ids.some((r) => !r.success)) {
        ctx.addIssue({ code: 'custom', message: ADMIN_AUDIO_MESSAGES.idsInvalid });
        return z.NEVER;
      }
      return [...new Set(ids.map((r) => r.data as number))];
    }),
});

const StoredCopySchema = z.object({ exists: z.boolean(), size: z.number().int().nullable() });

/** The spec's "Audio file row (admin)" (§3, C-3-01), with the creator's name and each copy's detail. */
export const AudioFileRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Where the file is served from: the bucket when it holds it, else local disk (where it should be when missing). */
  location: z.enum(['s3', 'local']),
  /** Whether the file is at that location. */
  exists: z.boolean(),
  /** Bytes of the stored file (the size recorded at upload when the file is missing). */
  size: z.number().int(),
  /** The poster's uploaded profile picture: whether its file exists; null when the poster has none to check (emoji, none). */
  profile: z.object({ exists: z.boolean().nullable() }),
  playCount: z.number().int(),
  impressionCount: z.number().int(),
  likeCount: z.number().int(),
  bookmarkCount: z.number().int(),
  /** The owning member's name (null for a track without an owner). */
  posterName: z.string().nullable(),
  /** The name of the account `createdBy` names (the poster column's fallback). */
  creatorName: z.string().nullable(),
  createdBy: z.string().nullable(),
  uploadedAt: z.string(),
  isVisible: z.boolean(),
  /** Premium members only (besides its owner and the operators), set in this list (issue 40.5). */
  isPremiumOnly: z.boolean(),
  duration: z.number(),
  /** Each copy: on the local disk, and in the bucket (null without a bucket). */
  copies: z.object({ local: StoredCopySchema, s3: StoredCopySchema.nullable() }),
});
export type AudioFileRow = z.infer<typeof AudioFileRowSchema>;

export const AdminFilesAnswerSchema = z.object({
  files: z.array(AudioFileRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whether an S3 bucket is configured (sync is possible). */
  bucket: z.boolean(),
});
export type AdminFilesAnswer = z.infer<typeof AdminFilesAnswerSchema>;

export const AdminFileLocationsAnswerSchema = z.object({
  files: z.array(AudioFileRowSchema),
  bucket: z.boolean(),
  checkedAt: z.string(),
});
export type AdminFileLocationsAnswer = z.infer<typeof AdminFileLocationsAnswerSchema>;

/** POST /api/admin/files/sync/{id} and /sync-all: what was moved to the bucket. */
export const AdminSyncAnswerSchema = z.object({
  /** Files copied to the bucket (their local copy removed once the bucket held the same bytes). */
  moved: z.number().int(),
  /** Files the bucket already held. */
  already: z.number().int(),
  /** Files found in neither place. */
  missing: z.number().int(),
  /** Tracks looked at. */
  tracks: z.number().int(),
  message: z.string(),
});
export type AdminSyncAnswer = z.infer<typeof AdminSyncAnswerSchema>;

/** PATCH /api/admin/tracks/{id}/premium-only: the operator marks a track premium-only, or open to all again (issue 40.5). */
export const PremiumOnlyBodySchema = z.object({ isPremiumOnly: z.boolean() });

/** POST /admin/upload's text field (multipart, beside the file `audio`). */
export const AdminUploadFieldsSchema = z.object({
  title: checkedString(uploadTitleProblem, ADMIN_AUDIO_MESSAGES.titleRequired),
});

export const AdminUploadAnswerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  duration: z.number(),
  size: z.number().int(),
  message: z.string(),
});
export type AdminUploadAnswer = z.infer<typeof AdminUploadAnswerSchema>;
