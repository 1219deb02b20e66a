import { TRACKS_TEXT } from '@shared/messages/tracks';
import { swipeDirection } from '@shared/rules/player';
import { PlayButton } from '@web/components/player/play-button';
import { ProgressSlider } from '@web/components/player/progress-slider';
import { SpeedPill } from '@web/components/player/speed-pill';
import { Avatar } from '@web/components/ui/avatar';
import { IconButton } from '@web/components/ui/icon-button';
import { IconTooltip } from '@web/components/ui/icon-tooltip';
import { MarqueeTitle } from '@web/components/ui/marquee-title';
import { usePlayer, usePlayerState } from '@web/lib/audio/player-context';
import { cn } from '@web/lib/cn';
import { SkipBack, SkipForward } from 'lucide-react';
import { type TouchEvent, useRef } from 'react';
import { useTrackImpression } from '../api/increment-impression-count';
import { PlaybackError } from './playback-error';
import { CategoryChip, PosterLink } from './poster';
import { useTrackActions } from './track-actions';

/** Previous and next: the player's own controls, larger than a row's. */
const SKIP = { tone: 'fg', size: 'size-12', iconSize: 'size-7', filled: true } as const;

/**
 * The hero of home: artwork with the poster, a large title, one big play button, progress,
 * speed, previous/next. Swipe up for the next track, down for the previous (≥ 100 px in < 500 ms).
 */
export function HeroPlayer() {
  const player = usePlayer();
  const { LikeButton, AddToPlaylistButton, TrialRemaining, AdSlot, ProgrammeControl, AskHostsButton } = useTrackActions();
  const s = usePlayerState();
  const touch = useRef<{ y: number; t: number } | null>(null);
  useTrackImpression(s.track?.id);

  if (!s.track) return null;
  const track = s.track;

  const onTouchStart = (e: TouchEvent) => {
    const target = e.target as HTMLElement;
    touch.current = target.closest('[data-no-swipe]') || e.touches.length > 1 ? null : { y: e.touches[0].clientY, t: e.timeStamp };
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touch.current;
    touch.current = null;
    if (!start) return;
    const dir = swipeDirection(e.changedTouches[0].clientY - start.y, e.timeStamp - start.t);
    if (dir === 'next') player.next();
    if (dir === 'previous') player.previous();
  };

  return (
    <section
      aria-label={TRACKS_TEXT.heroPlayer.heroPlayerLabel}
      data-testid="hero-player"
      data-track-id={track.id}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      onTouchCancel={() => {
        touch.current = null;
      }}
      className="group/hero mx-auto flex w-full max-w-[480px] flex-1 touch-pan-x flex-col px-6 pt-4 pb-5"
    >
      <div
        key={`${track.id}-${s.loadId}`}
        className={cn(
          'flex flex-1 flex-col',
          s.direction === 'next' && 'animate-slide-from-below',
          s.direction === 'previous' && 'animate-slide-from-above',
        )}
      >
        {/* The artwork gives up the cookie bar's height while it shows (--consent-room), so the controls stay on screen. */}
        <div className="flex flex-1 items-center justify-center py-2">
          <div className="relative flex aspect-square w-[clamp(9rem,calc(100dvh-29rem-var(--consent-room,0px)),21rem)] max-w-full group-has-[[data-ad-slot]]/hero:w-[clamp(8rem,calc(100dvh-33rem-var(--consent-room,0px)),21rem)] items-center justify-center overflow-hidden rounded-[2rem] bg-gradient-to-br from-accent-soft via-surface to-surface-2 shadow-card">
            <div aria-hidden="true" className="absolute inset-[12%] rounded-full border border-accent/10" />
            <div aria-hidden="true" className="absolute inset-[24%] rounded-full border border-accent/15" />
            <Avatar
              picture={track.posterPicture}
              name={track.posterName}
              className="relative size-[42%] bg-bg shadow-card"
              textClassName="text-[clamp(2rem,9dvh,4.5rem)]"
            />
            <div className="absolute top-3 left-3">
              <CategoryChip category={track.category} />
            </div>
          </div>
        </div>

        <div className="mt-4 flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <MarqueeTitle text={track.title} className="font-bold text-[1.6rem] leading-snug tracking-wide" />
            <PosterLink track={track} className="-ml-0.5" />
          </div>
          <LikeButton track={track} className="-mr-2.5 mt-0.5" />
        </div>
      </div>

      <div data-no-swipe className="mt-2">
        <ProgressSlider currentTime={s.currentTime} duration={s.duration} disabled={!s.isReady} onSeek={(f) => player.seek(f)} />
      </div>

      {s.error && <PlaybackError message={s.error} />}

      <div className="mt-3 flex items-center justify-between">
        <SpeedPill rate={s.rate} onClick={() => player.cycleRate()} />
        <IconTooltip label={TRACKS_TEXT.heroPlayer.label}>
          <IconButton icon={SkipBack} label={TRACKS_TEXT.heroPlayer.label} {...SKIP} onClick={() => player.previous()} />
        </IconTooltip>
        <PlayButton isPlaying={s.isPlaying} isReady={s.isReady} isLoading={!s.error} onClick={() => player.toggle()} />
        <IconTooltip label={TRACKS_TEXT.heroPlayer.label2}>
          <IconButton icon={SkipForward} label={TRACKS_TEXT.heroPlayer.label2} {...SKIP} onClick={() => player.next()} />
        </IconTooltip>
        <AddToPlaylistButton track={track} className="min-w-14" />
      </div>
      <div className="flex flex-wrap items-center gap-2 empty:hidden [&>*]:mt-2">
        <TrialRemaining />
        <AskHostsButton track={track} className="ml-auto" />
        <ProgrammeControl />
      </div>
      <p className="mt-3 hidden text-center text-muted text-xs pointer-coarse:block">{TRACKS_TEXT.heroPlayer.swipeHint}</p>
      {/* The one ad slot of free members: under the controls, never over them. */}
      <AdSlot className="mt-3" />
    </section>
  );
}
