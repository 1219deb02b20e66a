import { SHELL_TEXT } from '@shared/messages/shell';
import { categoryChips, formatShortDateJa } from '@shared/rules/my-page';
import { cn } from '@web/lib/cn';
import { Globe, ListMusic, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface PlaylistCardData {
  id: number;
  name: string;
  category: string;
  description: string | null;
  isPublic: boolean;
  itemCount: number;
  createdAt: string;
}

const artworks = {
  card: 'size-14 shrink-0 rounded-xl bg-gradient-to-br from-accent-soft to-surface-2 [&>svg]:size-7',
  hero: 'size-28 rounded-[1.75rem] bg-gradient-to-br from-accent-soft via-surface to-surface-2 shadow-card [&>svg]:size-12',
} as const;

/** A playlist's picture: its list icon on a soft gradient, small in a card or large at the head of its page. */
export function PlaylistArtwork({ size }: { size: keyof typeof artworks }) {
  return (
    <span className={cn('inline-flex items-center justify-center text-accent', artworks[size])}>
      <ListMusic aria-hidden="true" />
    </span>
  );
}

/**
 * Category chips of a playlist: at most 2, then +N; each by the canonical name the search tabs use
 * (社会・政治 shows as 政治・社会), leading to that category's search.
 */
export function CategoryChips({ category, max = 2, className }: { category: string; max?: number; className?: string }) {
  const { shown, rest } = categoryChips(category, max);
  if (shown.length === 0) return null;
  return (
    <ul className={cn('relative z-10 flex flex-wrap items-center gap-1.5', className)} aria-label={SHELL_TEXT.categoryChips.ariaLabel}>
      {shown.map((c) => (
        <li key={c}>
          <Link
            to={`/search?category=${encodeURIComponent(c)}`}
            className="relative inline-flex min-h-7 items-center rounded-full bg-accent-soft px-2.5 font-medium text-accent text-xs before:absolute before:-inset-y-2 before:inset-x-0 before:content-[''] hover:underline"
            data-testid="category-chip"
          >
            {c}
          </Link>
        </li>
      ))}
      {rest > 0 && <li className="text-muted text-xs tabular-nums">+{rest}</li>}
    </ul>
  );
}

/** 公開 or 非公開, with its globe or lock (an owner's own playlists). */
export function VisibilityBadge({ isPublic, className }: { isPublic: boolean; className?: string }) {
  const Icon = isPublic ? Globe : Lock;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full py-0.5 font-medium',
        isPublic ? 'bg-accent-soft text-accent' : 'bg-surface-2 text-fg',
        className,
      )}
      data-testid="playlist-visibility"
    >
      <Icon aria-hidden="true" className="size-3" />
      {isPublic ? SHELL_TEXT.playlistCard.isPublic : SHELL_TEXT.playlistCard.notIsPublic}
    </span>
  );
}

interface PlaylistCardProps {
  playlist: PlaylistCardData;
  /** Where the card leads; /playlists/{id} by default. */
  to?: string;
  /** Buttons of the card (edit, delete), above the card's link. */
  actions?: ReactNode;
  /** Shows the 公開 / 非公開 badge (my own lists). */
  showVisibility?: boolean;
}

/** A playlist in a list: name, chips, a two-line description, date, item count. */
export function PlaylistCard({ playlist: p, to, actions, showVisibility }: PlaylistCardProps) {
  return (
    <article
      className="relative flex gap-3 rounded-2xl border border-border bg-bg p-3 transition-colors hover:bg-surface"
      data-testid="playlist-card"
    >
      <PlaylistArtwork size="card" />
      <div className="min-w-0 flex-1">
        <h3 className="font-bold leading-snug">
          <Link to={to ?? `/playlists/${p.id}`} className="line-clamp-2 after:absolute after:inset-0 after:rounded-2xl after:content-['']">
            {p.name}
          </Link>
        </h3>
        <CategoryChips category={p.category} className="mt-1.5" />
        {p.description && <p className="mt-1.5 line-clamp-2 text-muted text-sm leading-relaxed">{p.description}</p>}
        <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-muted text-xs tabular-nums">
          <span data-testid="playlist-item-count">
            {p.itemCount}
            {SHELL_TEXT.playlistCard.playlistItemCount}
          </span>
          <time dateTime={p.createdAt}>{formatShortDateJa(p.createdAt)}</time>
          {showVisibility && <VisibilityBadge isPublic={p.isPublic} className="px-2" />}
        </p>
      </div>
      {actions && <div className="relative z-10 flex shrink-0 flex-col items-center justify-center">{actions}</div>}
    </article>
  );
}
