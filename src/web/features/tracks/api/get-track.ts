import type { Track, TrackSchema } from '@shared/schemas/track';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export const getTrack = (id: number): Promise<Track> => api<Answer<typeof TrackSchema>>(`/api/tracks/${id}`);

export const getTrackQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.tracks.detail(id),
    queryFn: () => getTrack(id),
  });

export function useTrack(id: number | null) {
  return useQuery({ ...getTrackQueryOptions(id ?? 0), enabled: id !== null });
}
