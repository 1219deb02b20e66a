import { PREMIUM_PAGES_TEXT } from '@shared/messages/premium-pages';
import { SiteFooter } from '@web/components/layout/site-footer';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/auth';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Crown } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { usePremium } from '../api/get-premium-status';
import { PremiumBenefits } from '../components/premium-benefits';
import { PremiumCheckout } from '../components/premium-checkout';
import { PremiumSignIn } from '../components/premium-sign-in';
import { premiumAuthError } from '../lib/auth-error';

const T = PREMIUM_PAGES_TEXT.premiumPage;

/**
 * /premium (creator-operator spec §2.2): the benefits, 550円/月（税込）, then Google sign-in for a
 * visitor or the card form for a member. A premium member is sent home (C-2.2-05). An ?error= from a
 * failed sign-in shows its message and leaves the address (C-2.2-06). No footer here (shell rule).
 */
export function PremiumRoute() {
  useDocumentTitle(T.documentTitle);
  const { user, isPending } = useUser();
  const { isPremium, isSettled } = usePremium();
  const [leaving, setLeaving] = useState(false);
  const onLeaving = useCallback(() => setLeaving(true), []);
  useAuthErrorParam();

  if (isPremium && isSettled && !leaving) return <Navigate to="/" replace />;

  return (
    <div
      className="mx-auto grid w-full max-w-5xl gap-8 px-4 pt-6 pb-[max(2.5rem,env(safe-area-inset-bottom))] lg:grid-cols-[minmax(0,1fr)_25rem] lg:gap-12 lg:px-8 lg:pt-10"
      data-testid="premium-page"
    >
      <div className="min-w-0">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-3 py-1 font-semibold text-accent text-sm">
          <Crown aria-hidden="true" className="size-4" />
          {T.eyebrow}
        </p>
        <h1 className="mt-3 font-bold text-[1.625rem] leading-snug [word-break:auto-phrase] sm:text-3xl">{T.title}</h1>
        <p className="mt-2 text-muted leading-relaxed [word-break:auto-phrase]">{T.lead}</p>
        <div className="mt-6">
          <PremiumBenefits />
        </div>
      </div>

      <aside className="lg:sticky lg:top-6 lg:self-start">
        <div className="rounded-3xl border border-border bg-bg p-5 shadow-card">
          <p className="text-muted text-sm">{T.priceLabel}</p>
          <p className="mt-1 flex items-baseline gap-1" data-testid="premium-price">
            <span className="font-bold text-4xl tabular-nums">{T.price}</span>
            <span className="font-medium text-muted">{T.perMonth}</span>
          </p>
          <p className="mt-1 text-muted text-sm">{T.priceNote}</p>
          <div className="mt-5 border-border border-t pt-5">
            {isPending ? (
              <div role="status" aria-label={T.preparing}>
                <Skeleton className="h-6 w-1/2" />
                <Skeleton className="mt-3 h-12 w-full" />
              </div>
            ) : user ? (
              <PremiumCheckout user={user} onLeaving={onLeaving} />
            ) : (
              <PremiumSignIn />
            )}
          </div>
        </div>
      </aside>
      {/* The commercial-law disclosure and the terms, where the purchase is made (issue 19). */}
      <SiteFooter className="lg:col-span-2" />
    </div>
  );
}

/** ?error=<code>: the spec's message in a toast, then the parameter leaves the address (C-2.2-06, C-8-01..05). */
function useAuthErrorParam() {
  const [params, setParams] = useSearchParams();
  const code = params.get('error');
  useEffect(() => {
    if (code === null) return;
    const { title, message } = premiumAuthError(code);
    toast({ title, description: message, variant: 'destructive' });
    setParams(
      (p) => {
        p.delete('error');
        return p;
      },
      { replace: true },
    );
  }, [code, setParams]);
}
