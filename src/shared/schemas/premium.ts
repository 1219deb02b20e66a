import { z } from 'zod';

/** GET /api/auth/premium-status. */
export const PremiumStatusSchema = z.object({
  isPremium: z.boolean(),
  endDate: z.string().nullable(),
  daysRemaining: z.number().int().min(0),
});
export type PremiumStatus = z.infer<typeof PremiumStatusSchema>;
