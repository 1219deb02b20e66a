import type { PaymentIntentAnswerSchema, PaymentIntentBody } from '@shared/schemas/premium';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export type PaymentIntent = Answer<typeof PaymentIntentAnswerSchema>;

/**
 * POST /api/create-payment-intent {email, name} -> {clientSecret, mode, publishableKey}: the member's
 * subscription whose first payment the card form confirms. The server creates it idempotently, so it is
 * a query: asked once while the card step is shown (never again on focus), forgotten when it goes, so
 * a later visit asks anew. Never removed while shown: that would ask again at once.
 */
export const createPaymentIntent = (body: PaymentIntentBody) => api<PaymentIntent>('/api/create-payment-intent', { method: 'POST', body });

export const paymentIntentQueryOptions = (userId: string, body: PaymentIntentBody) =>
  queryOptions({
    queryKey: queryKeys.premium.paymentIntent(userId),
    queryFn: () => createPaymentIntent(body),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function usePaymentIntent(userId: string, body: PaymentIntentBody | null) {
  return useQuery({
    ...paymentIntentQueryOptions(userId, body ?? { email: '', name: '' }),
    enabled: body !== null,
  });
}
