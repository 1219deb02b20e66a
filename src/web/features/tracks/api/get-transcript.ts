import type { TranscriptSchema } from '@shared/schemas/track';
import { queryOptions } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export type Transcript = Answer<typeof TranscriptSchema>;

/** GET /api/tracks/{id}/transcript: the lines and when each is spoken (a track's script does not change). */
export const transcriptQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.tracks.transcript(id),
    queryFn: () => api<Transcript>(`/api/tracks/${id}/transcript`),
    staleTime: Number.POSITIVE_INFINITY,
  });
