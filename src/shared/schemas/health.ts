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
  /** The model each model setting was answered by (Gemini's modelVersion): a retired id may be served by another. */
  models: z
    .array(z.object({ setting: z.string(), provider: z.string(), asked: z.string(), served: z.string(), since: z.string() }))
    .describe('the model that answered each model setting, as the API reported it (empty before the first call)'),
  /** Which voice speaks new audio (decision 0041): TTS_PROVIDER's, and the offline voice with why it is eSpeak NG. */
  voice: z
    .object({
      speaks: z.string().describe('open-jtalk, espeak, voicevox, google or openai'),
      offline: z.enum(['open-jtalk', 'espeak']),
      why: z.string().nullable().describe('why the offline voice is eSpeak NG (Open JTalk missing), else null'),
    })
    .describe('the voice that speaks'),
  timestamp: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;

export const PingSchema = z.object({ pong: z.literal(true), timestamp: z.string() });
