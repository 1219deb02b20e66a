import { PREMIUM_PAGES_TEXT } from '@shared/messages/premium-pages';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api';
import { useUser } from '@web/lib/auth';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Check, Crown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { premiumStatusQueryOptions } from '../api/get-premium-status';
import { upgradePremium } from '../api/upgrade-premium';
import { grantPremiumFallback } from '../stores/premium-fallback';
import { clearTrial } from '../stores/trial';

const T = PREMIUM_PAGES_TEXT.successPage;

/**
 * /premium-success (creator-operator spec §2.2): the member is premium now, with no ads, high quality,
 * background play and 2.0x speed, and the way home. The premium status is checked first and the page is
 * shown only to a member the server says is premium (issue 24.10); a visitor, or a member the server
 * says is not premium (a payment it did not confirm included), goes to /premium. When the server does
 * not answer (the check, or the upgrade right after this browser's payment, fails), 30 days of display
 * premium are granted with the spec's 注意 toast and the page shows (C-2.2-10, C-8-10).
 */
export function PremiumSuccessRoute() {
  useDocumentTitle(T.documentTitle);
  const shown = useSuccessCheck();
  if (!shown) {
    return (
      <div className="mx-auto w-full max-w-md px-6 pt-12" role="status" aria-label={T.documentTitle} data-testid="premium-success-checking">
        <Skeleton className="mx-auto size-20 rounded-3xl" />
        <Skeleton className="mt-6 h-8" />
        <Skeleton className="mt-6 h-28 rounded-2xl" />
      </div>
    );
  }
  return (
    <section
      className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-6 pt-12 pb-[max(3rem,env(safe-area-inset-bottom))] text-center"
      data-testid="premium-success"
    >
      <span className="inline-flex size-20 items-center justify-center rounded-3xl bg-accent-soft text-accent shadow-card">
        <Crown aria-hidden="true" className="size-10" />
      </span>
      <h1 className="mt-6 font-bold text-2xl leading-snug">{T.title}</h1>
      <p className="mt-3 text-muted leading-relaxed [word-break:auto-phrase]">{T.body}</p>
      <ul aria-label={T.perksLabel} className="mt-6 grid w-full grid-cols-2 gap-2 text-left" data-testid="premium-success-perks">
        {T.perks.map((perk) => (
          <li
            key={perk}
            className="flex min-h-12 items-center gap-2 rounded-2xl bg-surface px-3 font-medium text-sm [word-break:auto-phrase]"
          >
            <Check aria-hidden="true" className="size-4 shrink-0 text-accent" />
            {perk}
          </li>
        ))}
      </ul>
      <Button asChild size="lg" className="mt-8 w-full">
        <Link to="/">{T.home}</Link>
      </Button>
    </section>
  );
}

/** Whether the server could not answer (no network, 5xx): only then does the display fallback apply. */
const unanswered = (e: unknown) => !(e instanceof ApiError) || e.status >= 500;

/**
 * Once per visit: a return from Stripe's redirect (payment_intent, redirect_status=succeeded) upgrades
 * first; then GET /api/auth/premium-status. Answers true once the page may be shown: the server says
 * premium, or could not answer (the 30-day fallback). A refused upgrade, a status that is not premium,
 * or no member at all goes to /premium.
 */
function useSuccessCheck(): boolean {
  const { user, isPending } = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const done = useRef(false);
  // Read once: the entry's state is cleared below, so a reload (which keeps history state) checks again.
  const [unconfirmedPayment] = useState(() => (location.state as { unconfirmed?: boolean } | null)?.unconfirmed === true);
  const [shown, setShown] = useState(unconfirmedPayment);
  useEffect(() => {
    if (unconfirmedPayment) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [unconfirmedPayment, navigate, location.pathname, location.search]);
  const returned = params.get('redirect_status') === 'succeeded' ? params.get('payment_intent') : null;

  useEffect(() => {
    if (done.current || unconfirmedPayment || isPending) return;
    done.current = true;
    const toPremium = () => void navigate('/premium', { replace: true });
    if (!user) return toPremium();
    void (async () => {
      if (returned) {
        setParams({}, { replace: true });
        try {
          await upgradePremium(returned);
        } catch (e) {
          console.error('[premium] upgrade after the redirect failed', e);
          if (!unanswered(e)) return toPremium();
          fallback(PREMIUM_PAGES_TEXT.payment.upgradeTitle, PREMIUM_PAGES_TEXT.payment.upgradePartial);
          return setShown(true);
        }
      }
      try {
        const status = await queryClient.fetchQuery({ ...premiumStatusQueryOptions(user.id), staleTime: 0 });
        if (!status.isPremium) return toPremium();
      } catch (e) {
        console.error('[premium] premium status check failed', e);
        if (!unanswered(e)) return toPremium();
        fallback(T.checkTitle, T.checkFailed);
      }
      setShown(true);
    })();
  }, [user, isPending, queryClient, returned, setParams, navigate, unconfirmedPayment]);
  return shown;
}

function fallback(title: string, description: string) {
  grantPremiumFallback();
  clearTrial();
  toast({ title, description });
}
