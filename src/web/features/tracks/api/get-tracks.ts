import type { Track, TrackListSchema } from '@shared/schemas/track';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** While the catalogue is empty (the first start is still making the demo audio) it is asked again. */
const EMPTY_CATALOGUE_POLL_MS = 4000;

export const getTracks = (): Promise<Track[]> => api<Answer<typeof TrackListSchema>>('/api/tracks');

export const getTracksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.tracks.all(),
    queryFn: getTracks,
    refetchInterval: (query) => (query.state.data && query.state.data.length === 0 ? EMPTY_CATALOGUE_POLL_MS : false),
  });

export function useTracks() {
  return useQuery(getTracksQueryOptions());
}
