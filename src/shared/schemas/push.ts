import { z } from 'zod';
import { writtenText } from './common';

const base64url = writtenText('single', { trim: false })
  .regex(/^[A-Za-z0-9_-]+={0,2}$/)
  .max(200);

/** A PushSubscription as the browser gives it (toJSON()). Which endpoints are accepted is the server's rule. */
export const PushSubscriptionSchema = z.object({
  endpoint: writtenText('single', { trim: false }).url().max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});
export const PushUnsubscribeSchema = z.object({ endpoint: writtenText('single', { trim: false }).max(2000) });
export const VapidKeySchema = z.object({ publicKey: z.string() });
export const TestPushBodySchema = z.object({ test: z.boolean().optional() }).nullish();
export const TestPushAnswerSchema = z.object({
  success: z.boolean(),
  sent: z.number().int(),
  failed: z.number().int(),
  devices: z.number().int(),
});
