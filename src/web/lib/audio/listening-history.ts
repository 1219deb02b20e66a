import {
  type ListeningReport,
  LOCAL_RESUME_KEY,
  localEntry,
  parseLocalResume,
  rememberLocally,
  resumePosition,
} from '@shared/rules/player-history';
import type { User } from '@shared/schemas/auth';
import type { ListeningHistoryEntrySchema } from '@shared/schemas/history';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type Answer, api } from '../api';
import { userQueryOptions } from '../auth';
import { readStored, writeStored } from '../storage';
import type { EngineHooks } from './engine';

/**
 * POST /api/listening-history. As the page goes away the report is a beacon, otherwise a keepalive
 * fetch. Both are same-origin, so they carry the Origin header the server checks, and the session
 * cookie. Neither may be handed to the service worker: Chromium lost one that the worker, woken for it,
 * had not let through when the page was gone (issue 27.7), so the worker's static routes send every
 * write past it (STATIC_ROUTES in public/service-worker.js).
 */
export function sendListeningHistory(report: ListeningReport, leaving = false): void {
  if (leaving && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    const body = new Blob([JSON.stringify(report)], { type: 'application/json' });
    if (navigator.sendBeacon('/api/listening-history', body)) return;
  }
  fetch('/api/listening-history', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(report),
    credentials: 'include',
    keepalive: true,
  })
    .then((res) => {
      if (!res.ok) console.error(`[player] listening history refused: ${res.status}`);
    })
    .catch((e: unknown) => console.error('[player] listening history not sent', e));
}

function signedInUser(queryClient: QueryClient): User | null {
  return queryClient.getQueryData<User | null>(userQueryOptions().queryKey) ?? null;
}

/**
 * The engine's history hooks: every stretch worth keeping goes to the local resume list, and to the
 * server for a signed-in listener; a track starts where the listener's last entry for it says (the
 * server's for members, the local list for visitors or when the server cannot answer).
 */
export function useListeningHistory(): Pick<EngineHooks, 'onListened' | 'resumePosition'> {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      onListened: (report: ListeningReport, { leaving }: { leaving: boolean }) => {
        writeStored(
          'local',
          LOCAL_RESUME_KEY,
          JSON.stringify(rememberLocally(parseLocalResume(readStored('local', LOCAL_RESUME_KEY)), report, Date.now())),
        );
        if (signedInUser(queryClient)) sendListeningHistory(report, leaving);
      },
      resumePosition: async (trackId: number, duration: number) => {
        const local = localEntry(parseLocalResume(readStored('local', LOCAL_RESUME_KEY)), trackId);
        try {
          const user = await queryClient.ensureQueryData(userQueryOptions());
          if (!user) return resumePosition(local, duration);
          const [last] = await api<Answer<typeof ListeningHistoryEntrySchema>[]>(`/api/user/listening-history?trackId=${trackId}&limit=1`);
          return resumePosition(last ?? local, duration);
        } catch (e) {
          console.error('[player] listening history unavailable', e);
          return resumePosition(local, duration);
        }
      },
    }),
    [queryClient],
  );
}
