import type { TrackStats } from '@shared/schemas/track-stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/my-tracks/{id}/stats: my track's stats (issue 40.3), asked afresh each time they are opened. */
export const myTrackStatsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.myTrackStats(id),
    queryFn: ({ signal }) => api<TrackStats>(`/api/my-tracks/${id}/stats`, { signal }),
    staleTime: 0,
  });

export const useMyTrackStats = (id: number | null) => useQuery({ ...myTrackStatsQueryOptions(id ?? 0), enabled: id !== null });
