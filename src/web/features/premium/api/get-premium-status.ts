import {
  daysRemaining,
  isActivePremium,
  NOT_PREMIUM,
  type PremiumResolution,
  type PremiumStatus,
  resolvePremium,
} from '@shared/rules/premium';
import type { PremiumStatusSchema } from '@shared/schemas/premium';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { useUser } from '@web/lib/auth';
import { queryKeys } from '@web/lib/query-keys';
import { useEffect } from 'react';
import { getLocalPremium, useLocalPremium, writeLocalPremium } from '../stores/local-premium';
import { activeFallback, clearPremiumFallback, usePremiumFallback } from '../stores/premium-fallback';
import { clearTrial } from '../stores/trial';

/** GET /api/auth/premium-status: { isPremium, endDate, daysRemaining } of the signed-in member. */
export const getPremiumStatus = () => api<Answer<typeof PremiumStatusSchema>>('/api/auth/premium-status');

/**
 * Asked again on mount and whenever the window regains focus (listener spec §4), unlike the app's
 * other queries: premium bought or ended in another tab shows without a reload.
 */
export const premiumStatusQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.auth.premiumStatus(userId),
    queryFn: getPremiumStatus,
    staleTime: 0,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
  });

export interface PremiumState extends PremiumStatus {
  /** False while the user or the first premium answer is still loading (the local flags show meanwhile). */
  isSettled: boolean;
}

/**
 * The 30-day fallback of a paid checkout (stores/premium-fallback.ts) shows premium where the server's
 * answer or the cached flags do not; for display only.
 */
function withFallback(resolution: PremiumResolution, fallbackEnd: string | null, now: Date): PremiumResolution {
  if (resolution.status.isPremium || !fallbackEnd) return resolution;
  return {
    status: { isPremium: true, endDate: fallbackEnd, daysRemaining: daysRemaining(fallbackEnd, now) },
    store: { flag: 'true', expiry: fallbackEnd },
  };
}

/**
 * Premium as the browser shows it: the server's answer while signed in; without one (loading or
 * failed) the locally cached flags, when still valid; after a paid checkout whose confirmation failed,
 * the 30-day fallback. Visitors are never premium.
 * `owner` marks the one caller (the app) that refetches on mount and focus; the others only read.
 */
function usePremiumState(owner: boolean): PremiumState & { server: PremiumStatus | null; failed: boolean } {
  const { user, isPending: userPending } = useUser();
  const local = useLocalPremium();
  const fallback = usePremiumFallback();
  const query = useQuery({
    ...premiumStatusQueryOptions(user?.id ?? ''),
    enabled: Boolean(user),
    ...(owner ? {} : { refetchOnMount: false, refetchOnWindowFocus: false }),
  });
  if (!user && !userPending) return { ...NOT_PREMIUM, isSettled: true, server: null, failed: false };
  const server = user ? (query.data ?? null) : null;
  const now = new Date();
  const { status } = withFallback(resolvePremium(server, local, now), activeFallback(fallback, now), now);
  return { ...status, isSettled: Boolean(user) && !query.isPending, server, failed: query.isError };
}

/** `{ isPremium, daysRemaining, endDate }` for any component (plus isSettled). */
export function usePremium(): PremiumState {
  const { isPremium, daysRemaining, endDate, isSettled } = usePremiumState(false);
  return { isPremium, daysRemaining, endDate, isSettled };
}

/**
 * Mounted once in the app: fetches on mount and focus, caches the server's answer in local storage (a
 * premium answer also ends any trial, L-4.1-06), and clears expired local flags when the call fails.
 */
export function usePremiumSync(): PremiumState & { serverSaysFree: boolean } {
  const state = usePremiumState(true);
  const { server, failed } = state;
  const fallback = usePremiumFallback();
  useEffect(() => {
    if (!server && !failed) return;
    const now = new Date();
    // The server's premium answer ends the fallback, and so does its end.
    const serverPremium = server ? isActivePremium(server.isPremium, server.endDate, now) : false;
    const fallbackEnd = serverPremium ? null : activeFallback(fallback, now);
    if (!fallbackEnd) clearPremiumFallback();
    const { store } = withFallback(resolvePremium(server, getLocalPremium(), now), fallbackEnd, now);
    writeLocalPremium(store);
    if (server && store) clearTrial();
  }, [server, failed, fallback]);
  return {
    isPremium: state.isPremium,
    daysRemaining: state.daysRemaining,
    endDate: state.endDate,
    isSettled: state.isSettled,
    // The server answered, and the member is not premium (nor inside the checkout's fallback).
    serverSaysFree: Boolean(server) && !state.isPremium,
  };
}
