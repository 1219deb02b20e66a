import { QueryClientProvider } from '@tanstack/react-query';
import { usePremium } from '@web/features/premium/api/get-premium-status';
import { PremiumEffects } from '@web/features/premium/components/premium-effects';
import { useRateRule } from '@web/features/premium/hooks/use-rate-rule';
import { useIncrementPlayCount } from '@web/features/tracks/api/increment-play-count';
import { TrackActionsProvider } from '@web/features/tracks/components/track-actions';
import { useListeningHistory } from '@web/lib/audio/listening-history';
import { PlayerProvider } from '@web/lib/audio/player-provider';
import { lazyPart } from '@web/lib/lazy-part';
import { isBackgroundPlayAllowed, usePwaAutoplay, usePwaMode } from '@web/lib/pwa';
import { createQueryClient } from '@web/lib/query-client';
import { type ReactNode, Suspense, useCallback, useState } from 'react';
import { askForPremium } from './premium-gate';
import { TRACK_ACTIONS } from './track-actions';

// A programme kept across reloads (#40.2), loaded after the first paint (#27.5's budget).
const ProgrammeKeeper = lazyPart(async () => (await import('./programme-keeping')).AppProgrammeKeeper);

/** Everything above the router: the query cache, the one audio player and the track players' actions. */
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
  const { isPremium, isSettled } = usePremium();
  const decideRate = useRateRule(isPremium);
  const history = useListeningHistory();
  const pwa = usePwaMode();
  // Asked when the page hides: premium, the background play switch (read then) and PWA mode.
  const backgroundPlay = useCallback(() => isBackgroundPlayAllowed(isPremium, pwa), [isPremium, pwa]);
  // Premium members ask for the 128 kbit/s stream (L-1-06); the server gives it to premium members only.
  const highQuality = useCallback(() => isPremium, [isPremium]);
  // Premium-only content (#24.11): a listener who is not premium is sent to /premium instead of playing it.
  const premiumRequired = useCallback(
    (track: { isPremiumOnly: boolean }) => {
      // Until the premium answer is in, the server decides (a premium member is never sent away).
      if (!track.isPremiumOnly || isPremium || !isSettled) return false;
      askForPremium();
      return true;
    },
    [isPremium, isSettled],
  );
  return (
    <PlayerProvider
      onPlayCounted={countPlay}
      decideRate={decideRate}
      backgroundPlayAllowed={backgroundPlay}
      highQuality={highQuality}
      premiumRequired={premiumRequired}
      {...history}
    >
      <PremiumEffects />
      <Suspense fallback={null}>
        <ProgrammeKeeper />
      </Suspense>
      <PwaAutoplay pwa={pwa} />
      <TrackActionsProvider value={TRACK_ACTIONS}>{children}</TrackActionsProvider>
    </PlayerProvider>
  );
}

function PwaAutoplay({ pwa }: { pwa: boolean }) {
  usePwaAutoplay(pwa);
  return null;
}
