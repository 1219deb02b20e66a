import { z } from 'zod';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from '../constants';
import { ClaimSchema } from './creation';

export const TrackSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    filename: z.string(),
    duration: z.number().describe('seconds'),
    uploadedAt: z.string().describe('ISO 8601, UTC'),
    playCount: z.number().int(),
    likeCount: z.number().int(),
    impressionCount: z.number().int(),
    bookmarkCount: z.number().int(),
    createdBy: z.string().nullable(),
    posterName: z.string().nullable(),
    posterPicture: z.string().nullable(),
    posterCustomUserId: z.string().nullable(),
    isVisible: z.boolean(),
    category: z.string().nullable(),
    isPremiumOnly: z.boolean().describe('premium-only content: streams to premium members only (listed for everyone, with its mark)'),
  })
  .describe('Track');
export type Track = z.infer<typeof TrackSchema>;

export const TrackListSchema = z.array(TrackSchema);

export const CategoryParamSchema = z.object({ category: z.string().min(1).max(100) });

/** GET /api/tracks paging. */
export const TrackListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).optional().describe(`default ${DEFAULT_LIST_LIMIT}`),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export const VisibilityBodySchema = z.object({ isVisible: z.boolean() });
export const PlayCountAnswerSchema = z.object({ success: z.literal(true), playCount: z.number().int() });
export const ImpressionCountAnswerSchema = z.object({ success: z.literal(true), impressionCount: z.number().int() });

export const TranscriptSchema = z.object({
  lines: z.array(
    z.object({
      speaker: z.string(),
      text: z.string(),
      startMs: z.number().int().nullable(),
      endMs: z.number().int().nullable(),
      /**
       * The line in katakana as the voice spoke it, after the reading dictionary (issue 37.2): Open JTalk's
       * own account, or the analyser's reading of what the other voices were sent. For a track stored
       * before readings were kept, the analyser's reading with today's dictionary, kept from the first read
       * (absent only when the analyser was too busy to answer that read).
       */
      reading: z.string().optional(),
    }),
  ),
  /**
   * The claims the fact check found, each on the line of `lines` that says it (`line` indexes `lines`;
   * for a script without blank lines it is the script line's index): status and sources, empty sources
   * meaning 出典未確認 (issue 25.2).
   */
  claims: z.array(ClaimSchema),
  /** The credit the voices' terms require (「VOICEVOX:四国めたん、VOICEVOX:青山龍星」) for a track voiced by VOICEVOX; else null. */
  credit: z.string().nullable(),
});

/** GET /api/stream/{id}?quality=high: the 128 kbit/s variant for premium listeners. */
export const StreamQuerySchema = z.object({
  quality: z.enum(['standard', 'high']).optional(),
  /**
   * `keep`: the service worker's offline download. Answered by the app itself (same origin), never a
   * redirect to the bucket, whose CORS would have to allow the site's origin for the worker's fetch.
   */
  for: z.enum(['play', 'keep']).optional(),
});
