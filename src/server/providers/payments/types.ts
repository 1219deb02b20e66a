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

/** A subscription as the provider holds it now: always re-read from the provider, never taken from an event. */
export interface ProviderSubscriptionState {
  id: string;
  customerId: string;
  status: 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'trialing' | 'paused';
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
  latestInvoice: {
    id: string;
    status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void' | null;
    /** The payment (pi_…), or the invoice itself (in_…) when its total needed no payment. */
    paymentId: string;
    /** The end of the period this invoice pays for. */
    periodEnd: Date;
  } | null;
}

/** A notification the provider sent (a webhook delivery), its signature checked, as premium reads it. */
export interface PaymentEvent {
  /** The provider's id of the event: each is handled once. */
  id: string;
  type: string;
  /** Whether premium acts on it; any other event is acknowledged and ignored. */
  handled: boolean;
  at: Date;
  /** The subscription it is about (itself, or the one its invoice bills); null for none. */
  subscriptionId: string | null;
  /** The invoice whose payment failed, when it says so (a renewal's failure is told to the member). */
  failedInvoiceId: string | null;
}

/** The provider's webhook: what premium needs to follow the subscriptions the provider bills by itself. */
export interface PaymentWebhook {
  /** The event of a delivery, its signature checked; throws when it does not hold. */
  verifiedEvent(rawBody: Buffer, signature: string): PaymentEvent;
  /** The subscription as the provider holds it now, or null when it does not know it. */
  subscriptionState(subscriptionId: string): Promise<ProviderSubscriptionState | null>;
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
   * The renewal due at the held period's end, for a provider that does not renew by itself (the demo
   * charges it offline). Absent where the provider renews and its webhook brings the payment (Stripe).
   */
  renew?(held: HeldSubscription): Promise<PaidPeriod | null>;
  /**
   * The provider's own test card form pays the member's payment of this client secret (the demo
   * checkout). Absent for a real provider: POST /api/demo-checkout/confirm does not exist then.
   */
  confirm?(userId: string, clientSecret: string): Promise<{ paymentIntentId: string }>;
  /** Where the provider tells premium of its changes (Stripe's webhook); absent when it tells nothing. */
  readonly webhook?: PaymentWebhook;
}
