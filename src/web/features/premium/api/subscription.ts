import type { SubscriptionSchema } from '@shared/schemas/premium';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export type Subscription = Answer<typeof SubscriptionSchema>;

export const getSubscription = () => api<Subscription>('/api/premium/subscription');
export const pauseSubscription = () => api<Subscription>('/api/premium/pause', { method: 'POST' });
export const cancelSubscription = () => api<Subscription>('/api/premium/cancel', { method: 'POST' });

/** GET /api/premium/subscription: status (none, active, cancelling, paused), period end, pause used. Never stale. */
export const subscriptionQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.premium.subscription(userId), queryFn: getSubscription, staleTime: 0 });

export const useSubscription = (userId: string) => useQuery(subscriptionQueryOptions(userId));

/**
 * Pause (90 days, once per member) and cancel (at the period end): the answer is the new subscription,
 * written through its key; the premium status and the member are asked again (a pause ends premium now).
 */
function useSubscriptionChange(userId: string, change: () => Promise<Subscription>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (subscription) => {
      queryClient.setQueryData(subscriptionQueryOptions(userId).queryKey, subscription);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.auth.premiumStatus(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auth.user() }),
      ]);
    },
  });
}

export const usePauseSubscription = (userId: string) => useSubscriptionChange(userId, pauseSubscription);
export const useCancelSubscription = (userId: string) => useSubscriptionChange(userId, cancelSubscription);
