import { SHELL_TEXT } from '@shared/messages/shell';
import { trackPath } from '@shared/rules/player';
import { usePlayer, usePlayerState } from '@web/lib/audio/player-context';
import type { QueueTrack } from '@web/lib/audio/player-state';
import { Minimize2 } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../ui/avatar';
import { IconButton } from '../ui/icon-button';
import { MiniPlayer } from './mini-player';
import { setMinimised, takeFocusRequest, useMiniPlayer } from './mini-player-store';
import { PlayButton } from './play-button';
import { SpeedPill } from './speed-pill';

/**
 * The persistent bar above the bottom navigation: title, play/pause, a thin progress line, speed and
 * minimise (L-2.4-18). Minimised, it becomes the floating mini player until maximised again.
 */
export function PlayerBar({ action }: { action?: BarAction }) {
  const { minimised } = useMiniPlayer();
  const hasTrack = usePlayerState().track !== null;
  if (!hasTrack) return null;
  return minimised ? <MiniPlayer /> : <FullBar action={action} />;
}

/** A feature's button for the track playing, beside play (質問する, issue 39.1): the app hands it in. */
export type BarAction = (track: QueueTrack) => ReactNode;

function FullBar({ action }: { action?: BarAction }) {
  const player = usePlayer();
  const s = usePlayerState();
  const minimise = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (takeFocusRequest()) minimise.current?.focus();
  }, []);
  if (!s.track) return null;
  const fraction = s.duration > 0 ? Math.min(1, s.currentTime / s.duration) : 0;
  return (
    <section
      aria-label={SHELL_TEXT.fullBar.playerBarLabel}
      className="relative border-border border-t bg-bg/95 backdrop-blur"
      data-testid="player-bar"
    >
      <div
        role="progressbar"
        aria-label={SHELL_TEXT.fullBar.ariaLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fraction * 100)}
        className="absolute inset-x-0 top-0 h-0.5 bg-surface-2"
      >
        <div className="h-full bg-accent transition-[width] duration-200" style={{ width: `${fraction * 100}%` }} />
      </div>
      {/* A phone: title, speed, play and minimise in a row. From 1024 px the bar runs along the bottom of
          the window: the track at the start, speed and play in the middle, minimise at the end. */}
      <div className="mx-auto flex max-w-3xl items-center gap-2 py-1.5 pr-2 pl-4 lg:grid lg:max-w-none lg:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] lg:gap-6 lg:py-2 lg:pr-4 lg:pl-6">
        <Link
          to={trackPath(s.track)}
          className="min-w-0 flex-1 rounded-md py-1 lg:flex lg:items-center lg:gap-3"
          aria-label={SHELL_TEXT.fullBar.ariaLabel2(s.track.title)}
        >
          <span className="hidden shrink-0 lg:block">
            <Avatar
              picture={s.track.posterPicture}
              name={s.track.posterName}
              className="size-11 rounded-xl bg-gradient-to-br from-accent-soft to-surface-2"
              textClassName="text-2xl"
            />
          </span>
          <span className="block min-w-0">
            <span className="block truncate font-medium text-sm leading-snug" data-testid="player-bar-title">
              {s.track.title}
            </span>
            <span className="block truncate text-muted text-xs leading-snug">
              {s.error ?? s.track.posterName ?? SHELL_TEXT.fullBar.official}
            </span>
          </span>
        </Link>
        <div className="flex items-center gap-2">
          <SpeedPill rate={s.rate} size="bar" onClick={() => player.cycleRate()} />
          <PlayButton size="bar" isPlaying={s.isPlaying} isReady={s.isReady} isLoading={!s.error} onClick={() => player.toggle()} />
          {action?.(s.track)}
        </div>
        <IconButton
          ref={minimise}
          icon={Minimize2}
          label={SHELL_TEXT.fullBar.playerBarMinimiseLabel}
          onClick={() => setMinimised(true)}
          className="lg:justify-self-end"
          data-testid="player-bar-minimise"
        />
      </div>
    </section>
  );
}
