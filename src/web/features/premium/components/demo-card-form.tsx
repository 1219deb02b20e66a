import { PREMIUM_PAGES_TEXT } from '@shared/messages/premium-pages';
import { Button } from '@web/components/ui/button';
import { serverMessage } from '@web/lib/server-message';
import { FlaskConical, LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { confirmDemoCheckout } from '../api/demo-checkout';
import type { Checkout } from '../hooks/use-checkout';
import { demoCardProblem, formatCardNumber, isDeclinedTestCard } from '../lib/demo-card';

const T = PREMIUM_PAGES_TEXT.demoForm;

/** The standard test card, filled in: this form never charges anything. */
const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/**
 * The demo checkout's card form (no Stripe configured, never in production): clearly labelled as a
 * test, with the standard test card. Paying confirms the demo intent on the server, then the checkout
 * goes on as after a Stripe payment. 4000 0000 0000 0002 is refused, as Stripe's test card is.
 */
export function DemoCardForm({ clientSecret, checkout }: { clientSecret: string; checkout: Checkout }) {
  const [card, setCard] = useState(TEST_CARD);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const invalid = demoCardProblem(card);
    setProblem(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      if (!(await checkout.checkSignedIn())) return;
      if (isDeclinedTestCard(card.number)) {
        checkout.failed(T.declined);
        return;
      }
      let paymentIntentId: string;
      try {
        paymentIntentId = (await confirmDemoCheckout(clientSecret)).paymentIntentId;
      } catch (err) {
        console.error('[premium] demo checkout failed', err);
        checkout.failed(serverMessage(err));
        return;
      }
      await checkout.paid(paymentIntentId);
    } finally {
      setBusy(false);
    }
  };

  const field =
    'mt-1 block min-h-12 w-full rounded-xl border border-border bg-bg px-3 text-base tabular-nums outline-none focus:border-accent focus:ring-2 focus:ring-accent/30';
  return (
    <form onSubmit={submit} noValidate aria-describedby={`${id}-notice`} data-testid="demo-card-form">
      <div className="rounded-2xl border-2 border-amber-500/70 border-dashed bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/30 dark:text-amber-100">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-bold">
          <FlaskConical aria-hidden="true" className="size-5 shrink-0" />
          <span>{T.title}</span>
          <span className="whitespace-nowrap rounded-full bg-amber-500 px-2 py-0.5 font-semibold text-amber-950 text-xs">{T.badge}</span>
        </p>
        <p id={`${id}-notice`} className="mt-1 text-sm leading-relaxed" data-testid="demo-notice">
          {T.notice}
        </p>
        <ul className="mt-1 text-xs leading-relaxed tabular-nums">
          {T.testCards.map((card) => (
            <li key={card}>{card}</li>
          ))}
        </ul>
      </div>

      <label className="mt-4 block text-sm font-medium" htmlFor={`${id}-number`}>
        {T.cardNumber}
      </label>
      <input
        id={`${id}-number`}
        className={field}
        inputMode="numeric"
        autoComplete="cc-number"
        value={card.number}
        onChange={(e) => setCard({ ...card, number: formatCardNumber(e.target.value) })}
        aria-invalid={problem === T.invalidNumber || undefined}
      />
      <div className="mt-3 grid grid-cols-2 gap-3">
        <div>
          <label className="block text-sm font-medium" htmlFor={`${id}-expiry`}>
            {T.expiry}
          </label>
          <input
            id={`${id}-expiry`}
            className={field}
            inputMode="numeric"
            autoComplete="cc-exp"
            maxLength={5}
            value={card.expiry}
            onChange={(e) => setCard({ ...card, expiry: e.target.value })}
            aria-invalid={problem === T.invalidExpiry || undefined}
          />
        </div>
        <div>
          <label className="block text-sm font-medium" htmlFor={`${id}-cvc`}>
            {T.cvc}
          </label>
          <input
            id={`${id}-cvc`}
            className={field}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={card.cvc}
            onChange={(e) => setCard({ ...card, cvc: e.target.value })}
            aria-invalid={problem === T.invalidCvc || undefined}
          />
        </div>
      </div>
      {problem && (
        <p role="alert" className="mt-3 rounded-xl bg-danger-soft px-3 py-2 text-danger text-sm">
          {problem}
        </p>
      )}
      <Button type="submit" size="lg" className="mt-5 w-full" disabled={busy} data-testid="pay-button">
        {busy && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
        {busy ? PREMIUM_PAGES_TEXT.payment.paying : PREMIUM_PAGES_TEXT.payment.pay}
      </Button>
    </form>
  );
}
