import { TRACKS_TEXT } from '@shared/messages/tracks';
import { intIdFrom } from '@shared/rules/ids';
import { useQueryClient } from '@tanstack/react-query';
import { ListError } from '@web/components/ui/list-state';
import { LogoMark } from '@web/components/ui/logo-mark';
import { PageState } from '@web/components/ui/page-state';
import { LoadingStatus, Skeleton, Skeletons } from '@web/components/ui/skeleton';
import { usePlayer, usePlayerValue } from '@web/lib/audio/player-context';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { DESKTOP_QUERY, useMediaQuery } from '@web/lib/use-media-query';
import { type ReactNode, useDeferredValue, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { getTrackQueryOptions } from '../api/get-track';
import { useTracks } from '../api/get-tracks';
import { HeroPlayer } from '../components/hero-player';
import { UpNext } from '../components/up-next';

/**
 * Home: the catalogue played like a radio. ?track= picks the first track and then leaves the address
 * (L-2.1-02, L-2.1-03); otherwise track 74, else the first (L-4.2-07, L-4.2-08).
 */
export function HomeRoute() {
  useDocumentTitle();
  const tracks = useTracks();
  const player = usePlayer();
  const queryClient = useQueryClient();
  const hasTrack = usePlayerValue((s) => s.track !== null);
  const [params, setParams] = useSearchParams();
  const requested = params.get('track');

  useEffect(() => {
    const list = tracks.data;
    if (!list || list.length === 0) return;
    const requestedId = intIdFrom(requested ?? undefined);
    if (requested !== null) {
      setParams(
        (p) => {
          p.delete('track');
          return p;
        },
        { replace: true },
      );
    }
    if (requestedId !== null && !list.some((t) => t.id === requestedId)) {
      // A shared track beyond the first page of the catalogue: ask for it alone.
      player.adoptCatalogue(list);
      queryClient
        .fetchQuery(getTrackQueryOptions(requestedId))
        .then((t) => player.playTrack(t, { autoplay: player.getSnapshot().isPlaying }))
        .catch(() => console.error(`[home] requested track ${requestedId} is not available`));
      return;
    }
    player.adoptCatalogue(list, requestedId);
  }, [tracks.data, requested, player, queryClient, setParams]);

  // The hero replaces the skeleton in a render of its own that yields to the browser: the player's
  // state is an external store, so the render its change starts would otherwise be one long task.
  const showHero = useDeferredValue(hasTrack);

  if (tracks.isPending) return <HeroSkeleton />;
  if (tracks.isError && !hasTrack)
    return <ListError what={TRACKS_TEXT.home.loadFailedTitle} onRetry={() => void tracks.refetch()} page testId="home-state" />;
  if (showHero)
    return (
      <HomeColumns>
        <HeroPlayer />
      </HomeColumns>
    );
  // A track is cued, or is about to be (the effect above adopts the catalogue): the hero comes next.
  if (hasTrack || (tracks.data?.length ?? 0) > 0) return <HeroSkeleton />;
  return <PageState figure={<LogoMark className="size-16 animate-shimmer" />} text={TRACKS_TEXT.home} busy testId="home-state" />;
}

/**
 * From 1024 px the player keeps its width (about 480 px) at the start and 次に再生 fills the rest, a
 * column of its own from the first paint so that the player never moves when it comes; on a phone the
 * player alone fills the screen.
 */
function HomeColumns({ children }: { children: ReactNode }) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  if (!desktop) return children;
  return (
    <div className="mx-auto grid w-full max-w-5xl flex-1 grid-cols-[minmax(0,30rem)_minmax(0,1fr)] gap-8 px-6" data-testid="home-columns">
      {children}
      <UpNext className="pt-6 pb-5" />
    </div>
  );
}

function HeroSkeleton() {
  return (
    <HomeColumns>
      <HeroSkeletonColumn />
    </HomeColumns>
  );
}

function HeroSkeletonColumn() {
  return (
    <LoadingStatus label={TRACKS_TEXT.heroSkeleton.ariaLabel} className="mx-auto flex w-full max-w-[480px] flex-1 flex-col px-6 pt-4 pb-5">
      <div className="flex flex-1 items-center justify-center py-2">
        <Skeleton className="aspect-square w-[clamp(9rem,calc(100dvh-29rem),21rem)] max-w-full rounded-[2rem]" />
      </div>
      <Skeletons bars={['mt-4 h-9 w-3/4', 'mt-2 h-6 w-1/3', 'mt-6 h-1.5 w-full']} />
      <Skeletons
        className="mt-6 flex items-center justify-between"
        bars={[
          'h-11 w-14 rounded-full',
          'size-12 rounded-full',
          'size-[76px] rounded-full',
          'size-12 rounded-full',
          'size-11 rounded-full',
        ]}
      />
    </LoadingStatus>
  );
}
