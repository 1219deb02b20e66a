import { COMMON_MESSAGES, loadFailedTitle } from '@shared/messages/common';
import { TRACKS_TEXT } from '@shared/messages/tracks';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { LogoMark } from '@web/components/ui/logo-mark';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePlayer, usePlayerValue } from '@web/lib/audio/player-context';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { type ReactNode, useDeferredValue, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { getTrackQueryOptions } from '../api/get-track';
import { useTracks } from '../api/get-tracks';
import { HeroPlayer } from '../components/hero-player';

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
    const requestedId = requested && /^\d+$/.test(requested) ? Number(requested) : null;
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
  if (tracks.isError && !hasTrack) {
    return (
      <CenteredState title={loadFailedTitle(TRACKS_TEXT.home.loadFailedTitle)} body={COMMON_MESSAGES.loadFailedBody}>
        <Button onClick={() => void tracks.refetch()} className="mt-6">
          {COMMON_MESSAGES.reload}
        </Button>
      </CenteredState>
    );
  }
  if (showHero) return <HeroPlayer />;
  // A track is cued, or is about to be (the effect above adopts the catalogue): the hero comes next.
  if (hasTrack || (tracks.data?.length ?? 0) > 0) return <HeroSkeleton />;
  return <CenteredState title={TRACKS_TEXT.home.title} body={TRACKS_TEXT.home.body} busy />;
}

function CenteredState({ title, body, busy, children }: { title: string; body: string; busy?: boolean; children?: ReactNode }) {
  return (
    <section
      className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-8 py-16 text-center"
      aria-busy={busy}
      data-testid="home-state"
    >
      <LogoMark className={busy ? 'size-16 animate-shimmer' : 'size-16 opacity-60'} />
      <h1 className="mt-6 font-bold text-xl" role={busy ? 'status' : undefined}>
        {title}
      </h1>
      <p className="mt-3 text-muted text-sm leading-relaxed">{body}</p>
      {children}
    </section>
  );
}

function HeroSkeleton() {
  return (
    <div
      className="mx-auto flex w-full max-w-[480px] flex-1 flex-col px-6 pt-4 pb-5"
      role="status"
      aria-label={TRACKS_TEXT.heroSkeleton.ariaLabel}
    >
      <div className="flex flex-1 items-center justify-center py-2">
        <Skeleton className="aspect-square w-[clamp(9rem,calc(100dvh-29rem),21rem)] max-w-full rounded-[2rem]" />
      </div>
      <Skeleton className="mt-4 h-9 w-3/4" />
      <Skeleton className="mt-2 h-6 w-1/3" />
      <Skeleton className="mt-6 h-1.5 w-full" />
      <div className="mt-6 flex items-center justify-between">
        <Skeleton className="h-11 w-14 rounded-full" />
        <Skeleton className="size-12 rounded-full" />
        <Skeleton className="size-[76px] rounded-full" />
        <Skeleton className="size-12 rounded-full" />
        <Skeleton className="size-11 rounded-full" />
      </div>
    </div>
  );
}
