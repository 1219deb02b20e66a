import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  uptime: z.number().describe('seconds'),
  memory: z.object({ used: z.number().describe('bytes'), total: z.number().describe('bytes') }),
  database: z.object({ connected: z.boolean() }),
  timestamp: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;

export const PingSchema = z.object({ pong: z.literal(true), timestamp: z.string() });
