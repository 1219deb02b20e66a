import { PREMIUM_TEXT } from '@shared/messages/premium';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { useUser } from '@web/lib/auth';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Check, Crown } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { premiumStatusQueryOptions } from '../api/get-premium-status';
import { upgradePremium } from '../api/upgrade-premium';
import { grantPremiumFallback } from '../stores/premium-fallback';
import { clearTrial } from '../stores/trial';

const T = PREMIUM_TEXT.successPage;

/**
 * /premium-success (creator-operator spec §2.2): the member is premium now, with no ads, high quality,
 * background play and 2.0x speed, and the way home. The premium status is checked here; when the check
 * fails, 30 days of display premium are granted with the spec's 注意 toast (C-2.2-10, C-8-10).
 */
export function PremiumSuccessRoute() {
  useDocumentTitle(T.documentTitle);
  useSuccessCheck();
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

/**
 * Once per visit: a return from Stripe's redirect (payment_intent, redirect_status=succeeded) upgrades
 * first; then GET /api/auth/premium-status. A failed upgrade or check grants the 30-day fallback.
 */
function useSuccessCheck() {
  const { user } = useUser();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const done = useRef(false);
  const returned = params.get('redirect_status') === 'succeeded' ? params.get('payment_intent') : null;

  useEffect(() => {
    if (!user || done.current) return;
    done.current = true;
    void (async () => {
      if (returned) {
        setParams({}, { replace: true });
        try {
          await upgradePremium(returned);
        } catch (e) {
          console.error('[premium] upgrade after the redirect failed', e);
          fallback(PREMIUM_TEXT.payment.upgradeTitle, PREMIUM_TEXT.payment.upgradePartial);
          return;
        }
      }
      try {
        await queryClient.fetchQuery({ ...premiumStatusQueryOptions(user.id), staleTime: 0 });
      } catch (e) {
        console.error('[premium] premium status check failed', e);
        fallback(T.checkTitle, T.checkFailed);
      }
    })();
  }, [user, queryClient, returned, setParams]);
}

function fallback(title: string, description: string) {
  grantPremiumFallback();
  clearTrial();
  toast({ title, description });
}
