import type { DemoCheckoutConfirmAnswerSchema } from '@shared/schemas/premium';
import { type Answer, api } from '@web/lib/api';

/**
 * POST /api/demo-checkout/confirm {clientSecret} -> {paymentIntentId, status}: the demo checkout marks
 * its intent paid (only without Stripe configured, never in production); upgrade-premium then checks it
 * as it would a Stripe payment.
 */
export const confirmDemoCheckout = (clientSecret: string) =>
  api<Answer<typeof DemoCheckoutConfirmAnswerSchema>>('/api/demo-checkout/confirm', { method: 'POST', body: { clientSecret } });
