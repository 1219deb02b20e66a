import { LIKES_TEXT } from '@shared/messages/likes';
import { formatCount, formatTime } from '@shared/rules/format';
import { MY_PAGE_MESSAGES } from '@shared/rules/my-page';
import { trackPath } from '@shared/rules/player';
import { Avatar } from '@web/components/ui/avatar';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListState } from '@web/components/ui/list-state';
import { Heart, Play } from 'lucide-react';
import { Link } from 'react-router';
import { useFavorites } from '../api/get-favorites';

/** My Page's お気に入り tab: the member's liked tracks (L-2.7-19, L-2.7-20), asked again on each visit. */
export function FavoritesTab() {
  const favorites = useFavorites({ fresh: true });
  const empty = (
    <EmptyState
      icon={Heart}
      title={MY_PAGE_MESSAGES.noFavorites}
      body={MY_PAGE_MESSAGES.noFavoritesHint}
      link={{ to: '/', variant: 'secondary', children: LIKES_TEXT.favoritesTab.link }}
      look="card"
      testId="empty-state"
    />
  );
  return (
    <ListState query={favorites} what={LIKES_TEXT.favoritesTab.what} empty={empty}>
      {(items) => (
        <ul className="space-y-2" data-testid="favorites-list">
          {items.map((t) => (
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
                    {t.posterName ?? LIKES_TEXT.favoritesTab.official} {LIKES_TEXT.favoritesTab.separatorBefore}
                    <span className="tabular-nums">{formatTime(t.duration)}</span> {LIKES_TEXT.favoritesTab.separator}{' '}
                    <span className="tabular-nums">
                      {formatCount(t.playCount)}
                      {LIKES_TEXT.favoritesTab.plays}
                    </span>
                  </p>
                </div>
                <Play aria-hidden="true" className="size-5 shrink-0 text-muted" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ListState>
  );
}
