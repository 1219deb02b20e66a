import { programmePath } from '@shared/rules/programme';
import type { ProgrammeSchema } from '@shared/schemas/radio';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { usePlayer } from '@web/lib/audio/player-context';
import { queryKeys } from '@web/lib/query-keys';
import { programmeQueue, programmeRef } from '../lib/programme-queue';

type Programme = Answer<typeof ProgrammeSchema>;

export const getProgramme = (minutes: number) => api<Programme>(programmePath(minutes));

/** GET /api/radio/programme?minutes=N: a new programme every time it is asked (never kept). */
export const programmeQueryOptions = (minutes: number) =>
  queryOptions({ queryKey: queryKeys.radio.programme(minutes), queryFn: () => getProgramme(minutes), staleTime: 0, gcTime: 0 });

/** Builds the programme for `minutes` and plays it from its first track as the player's queue. */
export function useStartProgramme(name: (minutes: number) => string) {
  const queryClient = useQueryClient();
  const player = usePlayer();
  return useMutation({
    mutationFn: (minutes: number) => queryClient.fetchQuery(programmeQueryOptions(minutes)),
    onSuccess: (programme) => player.playPlaylist(programmeRef(name(programme.minutes)), programmeQueue(programme), 0),
  });
}
