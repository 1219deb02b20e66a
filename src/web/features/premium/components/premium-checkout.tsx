import { PREMIUM_PAGES_TEXT } from '@shared/messages/premium-pages';
import type { User } from '@shared/schemas/auth';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api';
import { lazyPart } from '@web/lib/lazy-part';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/toast';
import { RotateCcw } from 'lucide-react';
import { Suspense, useEffect, useMemo } from 'react';
import { usePaymentIntent } from '../api/create-payment-intent';
import { useCheckout } from '../hooks/use-checkout';
import { DemoCardForm } from './demo-card-form';

/** Stripe Elements and Stripe.js load only when the server answers mode 'stripe'. */
const StripeCardForm = lazyPart(async () => (await import('./stripe-card-form')).StripeCardForm);

const T = PREMIUM_PAGES_TEXT.payment;

/**
 * The card step of a signed-in member (creator-operator spec §2.2): a payment intent for the member's
 * e-mail and name, then the card form the server's mode asks for. The pay button cannot submit before
 * the intent and the form are ready (C-2.2-12).
 */
export function PremiumCheckout({ user, onLeaving }: { user: User; onLeaving: () => void }) {
  const body = useMemo(() => (user.email ? { email: user.email, name: user.name.trim() || user.email.split('@')[0] } : null), [user]);
  const intent = usePaymentIntent(user.id, body);
  const checkout = useCheckout(user.id, onLeaving);
  // 409: a subscription is live (paused, or cancelling): nothing to buy, the way is to manage it.
  const subscribed = intent.isError && intent.error instanceof ApiError && intent.error.status === 409;

  // A failed intent: the session is gone (the spec's sign-in message), or the spec's 決済エラー with the server's detail.
  useEffect(() => {
    if (!intent.isError || subscribed) return;
    if (intent.error instanceof ApiError && intent.error.status === 401) {
      toast({ title: T.authTitle, description: T.authFailed, variant: 'destructive' });
      return;
    }
    toast({ title: T.intentTitle, description: T.intentFailed(serverMessage(intent.error) ?? ''), variant: 'destructive' });
  }, [intent.isError, intent.error, subscribed]);

  return (
    <div data-testid="premium-checkout">
      <h2 className="font-bold text-lg">{PREMIUM_PAGES_TEXT.premiumPage.checkoutTitle}</h2>
      {user.email && <p className="mt-0.5 break-all text-muted text-sm">{PREMIUM_PAGES_TEXT.premiumPage.checkoutFor(user.email)}</p>}
      <div className="mt-4">
        {!body ? (
          <p role="alert" className="rounded-xl bg-danger-soft px-3 py-2 text-danger text-sm">
            {PREMIUM_PAGES_TEXT.premiumPage.emailMissing}
          </p>
        ) : intent.isPending ? (
          <CheckoutSkeleton />
        ) : subscribed ? (
          <div className="rounded-2xl bg-surface p-4 text-center" data-testid="checkout-subscribed">
            <p className="font-bold">{PREMIUM_PAGES_TEXT.premiumPage.subscribedTitle}</p>
            <p className="mt-1 text-muted text-sm">{PREMIUM_PAGES_TEXT.premiumPage.subscribedDetail}</p>
            <ButtonLink to="/cancel" variant="secondary" className="mt-3">
              {PREMIUM_PAGES_TEXT.premiumPage.manageSubscription}
            </ButtonLink>
          </div>
        ) : intent.isError ? (
          <div className="rounded-2xl bg-danger-soft p-4 text-center" data-testid="checkout-error">
            <p className="text-danger text-sm">{T.intentFailed('')}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void intent.refetch()}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {PREMIUM_PAGES_TEXT.premiumPage.retry}
            </Button>
          </div>
        ) : intent.data.mode === 'stripe' && intent.data.publishableKey ? (
          <Suspense fallback={<CheckoutSkeleton />}>
            <StripeCardForm clientSecret={intent.data.clientSecret} publishableKey={intent.data.publishableKey} checkout={checkout} />
          </Suspense>
        ) : intent.data.mode === 'demo' ? (
          <DemoCardForm clientSecret={intent.data.clientSecret} checkout={checkout} />
        ) : (
          <p role="alert" className="rounded-xl bg-danger-soft px-3 py-2 text-danger text-sm">
            {T.intentFailed('')}
          </p>
        )}
      </div>
    </div>
  );
}

/** The form's place while the intent (and, in Stripe mode, Stripe.js) loads; the pay button is disabled. */
function CheckoutSkeleton() {
  return (
    <div role="status" aria-label={PREMIUM_PAGES_TEXT.premiumPage.preparing} data-testid="checkout-loading">
      <Skeleton className="h-12 w-full" />
      <Skeleton className="mt-3 h-12 w-full" />
      <Button size="lg" className="mt-5 w-full" disabled data-testid="pay-button">
        {T.pay}
      </Button>
    </div>
  );
}
