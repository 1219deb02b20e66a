import { z } from 'zod';
import { IntId } from './common';

export const ListeningHistoryInputSchema = z.object({
  trackId: IntId,
  duration: z.number().min(0).max(86_400).describe('seconds listened'),
  progressPercent: z.number().min(0).max(100),
  completed: z.boolean().default(false),
});
export const ListeningHistoryEntrySchema = z.object({
  id: z.number().int(),
  trackId: z.number().int(),
  duration: z.number(),
  progressPercent: z.number(),
  completed: z.boolean(),
  createdAt: z.string(),
});
export const ListeningHistorySchema = z.array(ListeningHistoryEntrySchema);
export const ListeningHistoryQuerySchema = z.object({
  trackId: IntId.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
