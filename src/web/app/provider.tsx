import { QueryClientProvider } from '@tanstack/react-query';
import { useIncrementPlayCount } from '@web/features/tracks/api/increment-play-count';
import { PlayerProvider } from '@web/lib/audio/player-provider';
import { createQueryClient } from '@web/lib/query-client';
import { type ReactNode, useState } from 'react';

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
  return <PlayerProvider onPlayCounted={countPlay}>{children}</PlayerProvider>;
}
