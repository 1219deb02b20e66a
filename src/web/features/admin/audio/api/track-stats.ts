import type { TrackStats } from '@shared/schemas/track-stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/admin/tracks/{id}/stats: any track's stats, as its creator sees them (issue 40.3). */
export const adminTrackStatsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.admin.trackStats(id),
    queryFn: ({ signal }) => api<TrackStats>(`/api/admin/tracks/${id}/stats`, { signal }),
    staleTime: 0,
  });

export const useAdminTrackStats = (id: number | null) => useQuery({ ...adminTrackStatsQueryOptions(id ?? 0), enabled: id !== null });
