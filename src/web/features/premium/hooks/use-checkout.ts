import { PREMIUM_PAGES_TEXT } from '@shared/messages/premium-pages';
import { useQueryClient } from '@tanstack/react-query';
import { userQueryOptions } from '@web/lib/auth';
import { toast } from '@web/lib/toast';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { upgradePremium, useRefreshPremium } from '../api/upgrade-premium';
import { grantPremiumFallback } from '../stores/premium-fallback';
import { clearTrial } from '../stores/trial';

const T = PREMIUM_PAGES_TEXT.payment;

export interface Checkout {
  /** Asks GET /api/auth/user afresh before paying; false (with the spec's toast) when the session is gone. */
  checkSignedIn: () => Promise<boolean>;
  /** The provider refused or failed the payment: the spec's toast with its message. */
  failed: (providerMessage: string | null) => void;
  /** The payment went through: upgrade-premium verifies it, then /premium-success. */
  paid: (paymentIntentId: string) => Promise<void>;
}

/**
 * What both card forms (the demo test form and Stripe Elements) do around the payment itself
 * (creator-operator spec §2.2, §4 Payment, §8): the sign-in check, the failure toast, and after the
 * payment the upgrade, whose failure grants the 30-day display fallback with the spec's warning.
 */
export function useCheckout(userId: string, onLeaving: () => void): Checkout {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = useRefreshPremium();

  const checkSignedIn = useCallback(async () => {
    try {
      const user = await queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0 });
      if (user?.id === userId) return true;
    } catch (e) {
      console.error('[premium] sign-in check failed', e);
    }
    toast({ title: T.authTitle, description: T.authFailed, variant: 'destructive' });
    return false;
  }, [queryClient, userId]);

  const failed = useCallback((providerMessage: string | null) => {
    toast({ title: T.failedTitle, description: providerMessage || T.failedDetail, variant: 'destructive' });
  }, []);

  const paid = useCallback(
    async (paymentIntentId: string) => {
      // From here the member is leaving for /premium-success: /premium must not send a member who is now
      // premium home meanwhile.
      onLeaving();
      let unconfirmed = false;
      try {
        await upgradePremium(paymentIntentId);
      } catch (e) {
        console.error('[premium] upgrade after payment failed', e);
        grantPremiumFallback();
        clearTrial();
        toast({ title: T.upgradeTitle, description: T.upgradePartial });
        unconfirmed = true;
      }
      // /premium-success shows its message to a member the server says is premium; `unconfirmed` is
      // the spec's one exception (C-2.2-10): this browser just paid and the upgrade did not answer.
      await navigate('/premium-success', { replace: true, state: { paid: true, unconfirmed } });
      await refresh();
    },
    [navigate, refresh, onLeaving],
  );

  return { checkSignedIn, failed, paid };
}
