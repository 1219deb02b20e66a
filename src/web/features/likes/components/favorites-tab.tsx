import { LIKES_TEXT } from '@shared/messages/likes';
import { MY_PAGE_MESSAGES } from '@shared/rules/my-page';
import { TrackRowSkeletons } from '@web/components/track/track-row';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListState } from '@web/components/ui/list-state';
import { Heart } from 'lucide-react';
import { useFavorites } from '../api/get-favorites';
import { FavoriteRows } from './favorites-list';

/**
 * My Page's お気に入り tab: the member's liked tracks (L-2.7-19, L-2.7-20), asked again on each visit, in
 * the rows of every track list (the /favorites page's, search's, playlists').
 */
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
    <ListState query={favorites} what={LIKES_TEXT.favoritesTab.what} skeleton={<TrackRowSkeletons count={3} />} empty={empty}>
      {(items) => <FavoriteRows items={items} />}
    </ListState>
  );
}
