import { SHELL_TEXT } from '@shared/messages/shell';
import { formatCount, formatTime } from '@shared/rules/format';
import { trackPath } from '@shared/rules/player';
import type { Track } from '@shared/schemas/track';
import { cn } from '@web/lib/cn';
import { Crown, Headphones, Heart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../ui/avatar';
import { LoadingStatus, RowSkeletons } from '../ui/skeleton';

interface TrackRowProps {
  track: Track;
  /** Before the artwork: a drag handle or a position. */
  leading?: ReactNode;
  /** After the text: buttons of the row. */
  trailing?: ReactNode;
  /** Marks the track that is playing. */
  current?: boolean;
  /** A smaller picture and tighter gaps, for rows with a handle and several buttons. */
  dense?: boolean;
  /** Where the title leads, when not the track's public page (My Page's own tracks go to /track/{id}). */
  to?: string;
  /** A short state before the details (非公開 on one's own hidden track). */
  badge?: ReactNode;
  className?: string;
}

/**
 * One track in a list, the same in every list (search, favourites, profiles, playlists, My Page): the
 * poster's avatar, the title linking to the track page (official tracks to /mugen/track/{id}, others to
 * /{customUserId or userId}/track/{id}), poster, length and counts, and the list's own buttons after.
 * Premium-only content carries its mark, プレミアム限定 (#24.11).
 */
export function TrackRow({ track, leading, trailing, current, dense, to, badge, className }: TrackRowProps) {
  return (
    <div
      className={cn(
        'flex min-h-[4.5rem] items-center rounded-2xl py-2',
        dense ? 'gap-2 px-1' : 'gap-3 px-2',
        current && 'bg-accent-soft/60',
        className,
      )}
      data-testid="track-row"
      data-track-id={track.id}
    >
      {leading}
      <Avatar
        picture={track.posterPicture}
        name={track.posterName}
        className={cn('rounded-xl bg-gradient-to-br from-accent-soft to-surface-2', dense ? 'size-10' : 'size-12')}
        textClassName={dense ? 'text-xl' : 'text-2xl'}
      />
      <div className="min-w-0 flex-1">
        <Link
          to={to ?? trackPath(track)}
          className={cn('line-clamp-2 font-medium leading-snug hover:underline', dense && 'text-[15px]', current && 'text-accent')}
          data-testid="track-row-link"
        >
          {track.title}
        </Link>
        <p className="mt-0.5 flex items-center gap-x-2.5 truncate text-muted text-xs tabular-nums">
          {badge}
          {track.isPremiumOnly && (
            <span className="inline-flex shrink-0 items-center gap-0.5 font-medium text-accent" data-testid="premium-only-mark">
              <Crown aria-hidden="true" className="size-3" />
              {SHELL_TEXT.trackRow.premiumOnly}
            </span>
          )}
          <span className="truncate">{track.posterName ?? SHELL_TEXT.trackRow.official}</span>
          <span>
            <span className="sr-only">{SHELL_TEXT.trackRow.duration}</span>
            {formatTime(track.duration)}
          </span>
          <span className="inline-flex items-center gap-0.5">
            <Headphones aria-hidden="true" className="size-3" />
            <span className="sr-only">{SHELL_TEXT.trackRow.plays}</span>
            {formatCount(track.playCount)}
          </span>
          <span className="inline-flex items-center gap-0.5">
            <Heart aria-hidden="true" className="size-3" />
            <span className="sr-only">{SHELL_TEXT.trackRow.likes}</span>
            {formatCount(track.likeCount)}
          </span>
        </p>
      </div>
      {trailing}
    </div>
  );
}

export function TrackRowSkeletons({ count = 4 }: { count?: number }) {
  return (
    <LoadingStatus label={SHELL_TEXT.trackRowSkeletons.ariaLabel} className="space-y-2">
      <RowSkeletons
        count={count}
        className="flex items-center gap-3 px-2 py-2"
        lead="size-12"
        lines={['h-4 w-3/4 rounded-lg', 'h-3 w-1/3 rounded-lg']}
      />
    </LoadingStatus>
  );
}
