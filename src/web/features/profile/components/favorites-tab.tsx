import { formatCount, formatTime } from '@shared/rules/format';
import { MY_PAGE_MESSAGES } from '@shared/rules/my-page';
import { trackPath } from '@shared/rules/player';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Heart, Play } from 'lucide-react';
import { Link } from 'react-router';
import { useFavorites } from '../api/get-my-lists';
import { EmptyState } from './empty-state';
import { ListError, ListSkeleton } from './list-states';

/** The お気に入り tab: the member's liked tracks (L-2.7-19, L-2.7-20). */
export function FavoritesTab() {
  const favorites = useFavorites();
  if (favorites.isPending) return <ListSkeleton />;
  if (favorites.isError) return <ListError />;
  if (favorites.data.length === 0) {
    return (
      <EmptyState
        icon={Heart}
        title={MY_PAGE_MESSAGES.noFavorites}
        action={
          <Button asChild variant="secondary">
            <Link to="/">音声を聴きに行く</Link>
          </Button>
        }
      >
        {MY_PAGE_MESSAGES.noFavoritesHint}
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-2" data-testid="favorites-list">
      {favorites.data.map((t) => (
        <li key={t.id}>
          <Link
            to={trackPath(t)}
            className="flex min-h-[4.5rem] items-center gap-3 rounded-2xl border border-border bg-bg px-3 py-2.5 hover:bg-surface"
            data-testid="favorite-row"
          >
            <Avatar picture={t.posterPicture} name={t.posterName} className="size-11 text-xl" />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 font-medium leading-snug">{t.title}</p>
              <p className="mt-0.5 truncate text-muted text-xs">
                {t.posterName ?? '無限'} ・ <span className="tabular-nums">{formatTime(t.duration)}</span> ・{' '}
                <span className="tabular-nums">{formatCount(t.playCount)}回再生</span>
              </p>
            </div>
            <Play aria-hidden="true" className="size-5 shrink-0 text-muted" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
