import { categoryNames } from '@shared/categories';
import { TRACKS_TEXT } from '@shared/messages/tracks';
import { posterPath } from '@shared/rules/player';
import type { Track } from '@shared/schemas/track';
import { Avatar } from '@web/components/ui/avatar';
import { cn } from '@web/lib/cn';
import { Link } from 'react-router';

/** The poster's picture and name, linking to /mugen or /{customUserId or userId} (L-2.6-07, L-2.6-08). */
export function PosterLink({ track, className }: { track: Track; className?: string }) {
  const name = track.posterName ?? TRACKS_TEXT.posterLink.official;
  const to = posterPath(track);
  const inner = (
    <>
      <Avatar picture={track.posterPicture} name={name} className="size-7" textClassName="text-sm" />
      <span className="truncate">{name}</span>
    </>
  );
  const cls = cn('inline-flex min-h-11 max-w-full items-center gap-2 rounded-full pr-3 text-muted text-sm', className);
  return to ? (
    <Link to={to} className={cn(cls, 'hover:text-fg')} aria-label={TRACKS_TEXT.posterLink.posterLinkLabel(name)} data-testid="poster-link">
      {inner}
    </Link>
  ) : (
    <span className={cls}>{inner}</span>
  );
}

/**
 * A track's category chips (listener spec §2), each by the canonical name the search tabs use (a track
 * of ビジネス戦略 shows ビジネス), leading to that category's search; at most `max`.
 */
export function CategoryChip({ category, max = 2 }: { category: string | null; max?: number }) {
  const names = categoryNames(category).slice(0, max);
  if (names.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {names.map((name) => (
        <Link
          key={name}
          to={`/search?category=${encodeURIComponent(name)}`}
          className="relative inline-flex min-h-8 items-center rounded-full bg-accent-soft px-3 font-medium text-accent text-xs before:absolute before:-inset-y-1.5 before:inset-x-0 before:content-['']"
          data-testid="category-chip"
        >
          {name}
        </Link>
      ))}
    </span>
  );
}
