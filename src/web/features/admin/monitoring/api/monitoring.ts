import { HEALTH_REFETCH_MS, PING_REFETCH_MS } from '@shared/rules/admin-monitoring';
import type { Health } from '@shared/schemas/health';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/**
 * The monitoring page's calls (creator-operator spec §2.4, §7 Monitoring): GET /health every 30 s and
 * GET /ping every 10 s, timed by the browser. /health answers 503 with its figures when the database
 * is unreachable: that is a state to show, not a failure.
 */
export type { Health };

export async function getHealth(): Promise<Health> {
  const res = await fetch('/health', { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (res.status !== 200 && res.status !== 503) throw new ApiError(res.status, `${res.status}: ${res.statusText}`);
  return (await res.json()) as Health;
}

export interface PingResult {
  /** Round trip in whole milliseconds, as this browser measured it. */
  ms: number;
  at: string;
}

export async function getPing(): Promise<PingResult> {
  const started = performance.now();
  const res = await fetch('/ping', { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new ApiError(res.status, `${res.status}: ${res.statusText}`);
  await res.json();
  return { ms: Math.max(0, Math.round(performance.now() - started)), at: new Date().toISOString() };
}

export const healthQueryOptions = (poll: boolean) =>
  queryOptions({
    queryKey: queryKeys.admin.health(),
    queryFn: getHealth,
    staleTime: 0,
    refetchInterval: poll ? HEALTH_REFETCH_MS : false,
  });
export const pingQueryOptions = (poll: boolean) =>
  queryOptions({
    queryKey: queryKeys.admin.ping(),
    queryFn: getPing,
    staleTime: 0,
    refetchInterval: poll ? PING_REFETCH_MS : false,
  });

export const useHealth = (poll = true) => useQuery(healthQueryOptions(poll));
export const usePing = (poll = true) => useQuery(pingQueryOptions(poll));
