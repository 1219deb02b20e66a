import { z } from 'zod';
import { writtenText } from './common';

/** GET /api/auth/premium-status. */
export const PremiumStatusSchema = z.object({
  isPremium: z.boolean(),
  endDate: z.string().nullable(),
  daysRemaining: z.number().int().min(0),
});
export type PremiumStatus = z.infer<typeof PremiumStatusSchema>;

/**
 * Issue 17, premium purchase. The contract both sides build on; the payment provider (Stripe, or the
 * offline demo checkout that never runs in production) is the source of truth.
 */

/** POST /api/create-payment-intent. */
export const PaymentIntentBodySchema = z.object({
  email: writtenText().email().max(254),
  name: writtenText().min(1).max(100),
});
export type PaymentIntentBody = z.infer<typeof PaymentIntentBodySchema>;

/**
 * `clientSecret` has Stripe's shape (`{intentId}_secret_{random}`) in both modes; `mode` tells the
 * browser which card form to show (Stripe Elements with `publishableKey`, or the labelled test form).
 */
export const PaymentIntentAnswerSchema = z.object({
  clientSecret: z.string(),
  mode: z.enum(['stripe', 'demo']),
  publishableKey: z.string().nullable(),
});
export type PaymentIntentAnswer = z.infer<typeof PaymentIntentAnswerSchema>;

/** POST /api/user/upgrade-premium: granted only when the provider confirms this member's payment. */
export const UpgradePremiumBodySchema = z.object({
  paymentIntentId: writtenText('single', { trim: false })
    .regex(/^pi_[A-Za-z0-9]{1,100}$/)
    .optional(),
});
export const UpgradePremiumAnswerSchema = z.object({ premiumEndDate: z.string() });

/** POST /api/demo-checkout/confirm (demo mode only: 404 in production and when Stripe is configured). */
export const DemoCheckoutConfirmBodySchema = z.object({ clientSecret: writtenText('single', { trim: false }).min(1).max(300) });
export const DemoCheckoutConfirmAnswerSchema = z.object({
  paymentIntentId: z.string(),
  status: z.literal('succeeded'),
});

/**
 * GET /api/premium/subscription, and the answer of POST /api/premium/pause and /api/premium/cancel.
 * status: none (never subscribed or ended), active (renews at currentPeriodEnd), cancelling (premium
 * until the day before renewal, then ends), paused (no premium and no billing until pausedUntil, then
 * billing and premium resume by themselves).
 */
export const SubscriptionSchema = z.object({
  status: z.enum(['none', 'active', 'cancelling', 'paused']),
  isPremium: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  pausedUntil: z.string().nullable(),
  pauseUsed: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** POST /api/stripe/webhook (Stripe's call, signed; not the browser's). */
export const StripeWebhookAnswerSchema = z.object({ received: z.literal(true) });
