import { z } from 'zod';

export const ListeningHistoryInputSchema = z.object({
  trackId: z.coerce.number().int().positive().max(2_147_483_647),
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
export const PremiumStatusSchema = z.object({
  isPremium: z.boolean(),
  endDate: z.string().nullable(),
  daysRemaining: z.number().int().min(0),
});
