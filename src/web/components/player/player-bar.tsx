import { SHELL_TEXT } from '@shared/messages/shell';
import { trackPath } from '@shared/rules/player';
import { usePlayer, usePlayerState } from '@web/lib/audio/player-context';
import { Minimize2 } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { IconButton } from '../ui/icon-button';
import { MiniPlayer } from './mini-player';
import { setMinimised, takeFocusRequest, useMiniPlayer } from './mini-player-store';
import { PlayButton } from './play-button';
import { SpeedPill } from './speed-pill';

/**
 * The persistent bar above the bottom navigation: title, play/pause, a thin progress line, speed and
 * minimise (L-2.4-18). Minimised, it becomes the floating mini player until maximised again.
 */
export function PlayerBar() {
  const { minimised } = useMiniPlayer();
  const hasTrack = usePlayerState().track !== null;
  if (!hasTrack) return null;
  return minimised ? <MiniPlayer /> : <FullBar />;
}

function FullBar() {
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
      <div className="mx-auto flex max-w-3xl items-center gap-2 py-1.5 pr-2 pl-4">
        <Link to={trackPath(s.track)} className="min-w-0 flex-1 rounded-md py-1" aria-label={SHELL_TEXT.fullBar.ariaLabel2(s.track.title)}>
          <span className="block truncate font-medium text-sm leading-snug" data-testid="player-bar-title">
            {s.track.title}
          </span>
          <span className="block truncate text-muted text-xs leading-snug">
            {s.error ?? s.track.posterName ?? SHELL_TEXT.fullBar.official}
          </span>
        </Link>
        <SpeedPill rate={s.rate} onClick={() => player.cycleRate()} className="min-w-12 text-xs" />
        <PlayButton size="bar" isPlaying={s.isPlaying} isReady={s.isReady} isLoading={!s.error} onClick={() => player.toggle()} />
        <IconButton
          ref={minimise}
          icon={Minimize2}
          label={SHELL_TEXT.fullBar.playerBarMinimiseLabel}
          onClick={() => setMinimised(true)}
          data-testid="player-bar-minimise"
        />
      </div>
    </section>
  );
}
