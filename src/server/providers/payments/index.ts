import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createDemoPayments, type DemoPayments } from './demo';
import { createStripePayments, type StripePayments } from './stripe';

export type Payments = StripePayments | DemoPayments;

/**
 * The payment provider of config.payments: Stripe when configured; the offline demo checkout otherwise,
 * never in production (null there: payment calls answer 503 until Stripe is configured).
 */
export function createPayments(config: Pick<Config, 'payments'>, db: Db, now: () => Date): Payments | null {
  const p = config.payments;
  if (p.mode === 'stripe') return createStripePayments(p.stripe);
  if (p.mode === 'demo') return createDemoPayments(db, now);
  return null;
}
