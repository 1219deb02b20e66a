import { isPremiumActive } from '@shared/rules/playlist-form';
import { QueryClientProvider } from '@tanstack/react-query';
import { useIncrementPlayCount } from '@web/features/tracks/api/increment-play-count';
import { useListeningHistory } from '@web/lib/audio/listening-history';
import { PlayerProvider } from '@web/lib/audio/player-provider';
import { useUser } from '@web/lib/auth';
import { isBackgroundPlayAllowed, usePwaAutoplay, usePwaMode } from '@web/lib/pwa';
import { createQueryClient } from '@web/lib/query-client';
import { type ReactNode, useCallback, useState } from 'react';

/** Everything above the router: the query cache and the one audio player. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Player>{children}</Player>
    </QueryClientProvider>
  );
}

function Player({ children }: { children: ReactNode }) {
  const countPlay = useIncrementPlayCount();
  const history = useListeningHistory();
  const pwa = usePwaMode();
  const { user } = useUser();
  const premium = isPremiumActive(user);
  // Asked when the page hides: premium, the background play switch (read then) and PWA mode.
  const backgroundPlay = useCallback(() => isBackgroundPlayAllowed(premium, pwa), [premium, pwa]);
  return (
    <PlayerProvider onPlayCounted={countPlay} backgroundPlayAllowed={backgroundPlay} {...history}>
      <PwaAutoplay pwa={pwa} />
      {children}
    </PlayerProvider>
  );
}

function PwaAutoplay({ pwa }: { pwa: boolean }) {
  usePwaAutoplay(pwa);
  return null;
}
