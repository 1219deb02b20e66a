import { PREMIUM_PAGES_TEXT } from '@shared/messages/premium-pages';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Button } from '@web/components/ui/button';
import { LoaderCircle, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { Checkout } from '../hooks/use-checkout';

/**
 * The card form in Stripe mode: Stripe Elements (the PaymentElement, in Japanese) with the intent's
 * clientSecret, confirmed with confirmPayment({ redirect: 'if_required' }); a payment that needs a
 * redirect (3-D Secure) comes back to /premium-success with payment_intent, which upgrades there.
 * This module (and Stripe.js with it) loads only in Stripe mode: the bundle and offline mode never pay
 * for it. `/pure` loads Stripe.js on the first loadStripe, not when the module is evaluated.
 * @stripe/stripe-js 10 loads Stripe.js endive, which speaks 2026-09-30.endive (its release's version, not
 * overridable): the version the server pins for every call (STRIPE_API_VERSION, decision 0049), so the
 * PaymentIntent confirmPayment answers has the shape the server reads.
 */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let p = stripes.get(publishableKey);
  if (!p) {
    p = loadStripe(publishableKey, { locale: 'ja' });
    stripes.set(publishableKey, p);
  }
  return p;
}

interface StripeCardFormProps {
  clientSecret: string;
  publishableKey: string;
  checkout: Checkout;
}

export function StripeCardForm({ clientSecret, publishableKey, checkout }: StripeCardFormProps) {
  const dark = document.documentElement.classList.contains('dark');
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret, locale: 'ja', appearance: { theme: dark ? 'night' : 'stripe', variables: { borderRadius: '12px' } } }}
    >
      <StripePayment checkout={checkout} />
    </Elements>
  );
}

function StripePayment({ checkout }: { checkout: Checkout }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  // The payment client and the form must both be ready before the button can submit (C-2.2-12).
  const canPay = Boolean(stripe && elements && ready) && !busy;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements || !ready || busy) return;
    setBusy(true);
    try {
      if (!(await checkout.checkSignedIn())) return;
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/premium-success` },
      });
      if (error) {
        checkout.failed(error.message ?? null);
        return;
      }
      await checkout.paid(paymentIntent.id);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} data-testid="stripe-card-form">
      <div className="min-h-40">
        <PaymentElement onReady={() => setReady(true)} options={{ layout: 'tabs' }} />
      </div>
      <p className="mt-3 flex items-start gap-2 text-muted text-xs leading-relaxed">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {PREMIUM_PAGES_TEXT.payment.secureNote}
      </p>
      <Button type="submit" size="lg" className="mt-5 w-full" disabled={!canPay} data-testid="pay-button">
        {(busy || !ready) && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
        {busy ? PREMIUM_PAGES_TEXT.payment.paying : PREMIUM_PAGES_TEXT.payment.pay}
      </Button>
    </form>
  );
}
