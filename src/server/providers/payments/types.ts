/**
 * The payment provider of premium (issue 17): Stripe, or the offline demo checkout (never in production
 * nor when Stripe is configured). The provider is the source of truth of payments: the premium service
 * grants premium only for a period it confirms was paid, and writes its own rows from that.
 */

export type PaymentMode = 'stripe' | 'demo';

/** The member a payment is for. */
export interface PayingMember {
  userId: string;
  email: string;
  name: string;
}

/** What the service holds of a member's subscription (premium_subscriptions), as the provider needs it. */
export interface HeldSubscription {
  userId: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** The number of subscriptions started for the member: the idempotency key of the next one. */
  generation: number;
  currentPeriodEnd: Date | null;
}

/** The first payment of a subscription, for the card form. */
export interface StartedSubscription {
  customerId: string;
  subscriptionId: string;
  /** Stripe's shape in both modes: `{intentId}_secret_{random}`. */
  clientSecret: string;
  /** Whether a new subscription was created (else an unpaid one was reused). */
  created: boolean;
}

/** A payment the provider confirms: it succeeded, it is this member's subscription's, and pays until periodEnd. */
export interface PaidPeriod {
  paymentIntentId: string;
  periodEnd: Date;
}

/** A provider that could not be reached or answered wrongly: the member reads a 503. */
export class PaymentUnavailable extends Error {
  override readonly name = 'PaymentUnavailable';
}

export interface PaymentProvider {
  readonly mode: PaymentMode;
  /** Stripe.js's key for the card form (null for the demo). */
  readonly publishableKey: string | null;
  /**
   * The customer (created once) and a monthly subscription whose first payment is pending, or the
   * held one while its first payment can still be made.
   */
  start(member: PayingMember, held: HeldSubscription): Promise<StartedSubscription>;
  /**
   * The paid period of `paymentIntentId` (or of the held subscription's latest payment when absent),
   * only when that payment succeeded and belongs to this member's customer and subscription.
   */
  confirmedPayment(held: HeldSubscription, paymentIntentId: string | undefined): Promise<PaidPeriod | null>;
  /** Ends the subscription at its period end (no renewal); answers that end. */
  cancelAtPeriodEnd(held: HeldSubscription): Promise<Date | null>;
  /**
   * No billing until `until` (the paid period's end + 90 days), when billing restarts with a new monthly
   * period; the paid period is used, not credited (decision 0026).
   */
  pause(held: HeldSubscription, until: Date): Promise<void>;
  /**
   * The pause is over at `at`: the period paid when billing restarted, or null while that payment is
   * not confirmed yet (Stripe's webhook brings it).
   */
  resume(held: HeldSubscription, at: Date): Promise<PaidPeriod | null>;
  /**
   * The renewal due at the held period's end: the demo charges it offline; Stripe renews by itself
   * and its webhook brings the payment (null here).
   */
  renew(held: HeldSubscription): Promise<PaidPeriod | null>;
}
