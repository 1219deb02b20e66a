import type { UpgradePremiumAnswerSchema } from '@shared/schemas/premium';
import { useQueryClient } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { useUser } from '@web/lib/auth';
import { queryKeys } from '@web/lib/query-keys';
import { useCallback } from 'react';

/**
 * POST /api/user/upgrade-premium {paymentIntentId} -> {premiumEndDate}: premium is granted only when
 * the payment provider confirms this member's payment (402 otherwise).
 */
export const upgradePremium = (paymentIntentId: string | undefined) =>
  api<Answer<typeof UpgradePremiumAnswerSchema>>('/api/user/upgrade-premium', { method: 'POST', body: { paymentIntentId } });

/** Everything premium changes is asked again: the premium status, the member (isPremium, end date), the subscription. */
export function useRefreshPremium() {
  const queryClient = useQueryClient();
  const userId = useUser().user?.id;
  return useCallback(async () => {
    const keys = userId
      ? [queryKeys.auth.user(), queryKeys.auth.premiumStatus(userId), queryKeys.premium.subscription(userId)]
      : [queryKeys.auth.user()];
    await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }, [queryClient, userId]);
}
