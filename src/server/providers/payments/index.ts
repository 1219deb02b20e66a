import type { Config } from '../../config';
import { createDemoPayments, type DemoIntentStore } from './demo';
import { createStripePayments } from './stripe';
import type { PaymentProvider } from './types';

export type Payments = PaymentProvider;

/**
 * The payment provider of config.payments: Stripe when configured; the offline demo checkout otherwise,
 * never in production (null there: payment calls answer 503 until Stripe is configured). The demo keeps
 * its payments in the store the premium feature hands it (features/premium/demo-intents.ts).
 */
export function createPayments(config: Pick<Config, 'payments'>, demoStore: DemoIntentStore, now: () => Date): Payments | null {
  const p = config.payments;
  if (p.mode === 'stripe') return createStripePayments(p.stripe);
  if (p.mode === 'demo') return createDemoPayments(demoStore, now);
  return null;
}
