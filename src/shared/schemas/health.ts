import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  uptime: z.number().describe('seconds'),
  memory: z.object({ used: z.number().describe('bytes'), total: z.number().describe('bytes') }),
  database: z.object({ connected: z.boolean() }),
  /** Settings a provider found wrong (a model that does not exist, …): the operator changes them. */
  problems: z
    .array(z.object({ setting: z.string(), provider: z.string(), message: z.string(), since: z.string() }))
    .describe('provider settings found wrong on first contact (empty when none)'),
  timestamp: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;

export const PingSchema = z.object({ pong: z.literal(true), timestamp: z.string() });
