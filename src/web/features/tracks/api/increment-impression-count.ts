import { parseSeenIds, recordSighting } from '@shared/rules/player-storage';
import type { Track } from '@shared/schemas/track';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import { readStored, writeStored } from '@web/lib/storage';
import { useEffect } from 'react';

const SEEN_KEY = 'mugen_impressions';

export const incrementImpressionCount = (id: number) =>
  api<{ success: true; impressionCount: number }>(`/api/tracks/${id}/increment-impression-count`, { method: 'POST' });

/**
 * Counts one impression per track per session view (L-4.2-12): the ids already counted this session are
 * kept in session storage, and checked and marked before the POST so that a double effect sends one.
 */
export function useTrackImpression(trackId: number | null | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (trackId == null) return;
    const { seen, first } = recordSighting(parseSeenIds(readStored('session', SEEN_KEY)), trackId);
    if (!first) return;
    writeStored('session', SEEN_KEY, JSON.stringify(seen));
    incrementImpressionCount(trackId)
      .then(({ impressionCount }) => {
        queryClient.setQueryData<Track>(queryKeys.tracks.detail(trackId), (t) => (t ? { ...t, impressionCount } : t));
      })
      .catch((e: unknown) => console.error(`[tracks] impression of ${trackId} not counted`, e));
  }, [trackId, queryClient]);
}
