import { usePlayer } from '@web/lib/audio/player-context';
import { useUser } from '@web/lib/auth';
import { useEffect } from 'react';
import { keepSeguesOffline, keptProgramme, type ProgrammeOffline, restoreProgramme, watchProgramme } from '../lib/kept-programme';
import { PROGRAMME_QUEUE_ID } from '../lib/programme-queue';

/**
 * Mounted once under the player (app/provider.tsx): a programme the member was listening to comes back
 * after a reload, cued at its entry and position, and is kept while it plays; its segues between tracks
 * kept offline are kept offline too, at its start and at each entry (#40.2).
 */
export function ProgrammeKeeper({ offline }: { offline?: ProgrammeOffline }) {
  const player = usePlayer();
  const userId = useUser().user?.id ?? null;
  useEffect(() => {
    if (!userId) return;
    const kept = keptProgramme(userId);
    if (kept && !player.getSnapshot().playlist) restoreProgramme(player, kept);
    return watchProgramme(player, userId);
  }, [player, userId]);
  useEffect(() => {
    if (!offline) return;
    const done = new Set<number>();
    let entry = '';
    return player.subscribe(() => {
      const s = player.getSnapshot();
      const now = `${s.playlist?.id}|${s.index}`;
      if (s.playlist?.id !== PROGRAMME_QUEUE_ID || now === entry) return;
      entry = now;
      void keepSeguesOffline(s.queue, offline, done);
    });
  }, [player, offline]);
  return null;
}
