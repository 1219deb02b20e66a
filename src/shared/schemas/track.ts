import { z } from 'zod';

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
  })
  .describe('Track');
export type Track = z.infer<typeof TrackSchema>;

export const TrackListSchema = z.array(TrackSchema);

export const CategoryParamSchema = z.object({ category: z.string().min(1).max(100) });

export const CountAnswerSchema = z.object({ success: z.literal(true), count: z.number().int() });
export type CountAnswer = z.infer<typeof CountAnswerSchema>;
