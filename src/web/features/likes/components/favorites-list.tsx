import { LIKES_TEXT } from '@shared/messages/likes';
import type { Track } from '@shared/schemas/track';
import { PlayTrackButton } from '@web/components/track/play-track-button';
import { TrackList } from '@web/components/track/track-list';
import { TrackRow, TrackRowSkeletons } from '@web/components/track/track-row';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListState } from '@web/components/ui/list-state';
import { usePlayerValue } from '@web/lib/audio/player-context';
import { Heart } from 'lucide-react';
import { useFavorites } from '../api/get-favorites';
import { LikeButton } from './like-button';

/** My liked tracks with their empty message (the /favorites page; My Page has its own tab, favorites-tab.tsx). */
export function FavoritesList() {
  const favorites = useFavorites();

  return (
    <ListState
      query={favorites}
      what={LIKES_TEXT.favoritesList.what}
      skeleton={<TrackRowSkeletons />}
      empty={
        <EmptyState
          icon={Heart}
          title={LIKES_TEXT.favoritesList.title}
          body={LIKES_TEXT.favoritesList.body}
          link={{ to: '/', children: LIKES_TEXT.favoritesList.link }}
          testId="favorites-empty"
        />
      }
    >
      {(items) => <FavoriteRows items={items} />}
    </ListState>
  );
}

/** The liked tracks as every list shows tracks (TrackRow): the heart to take the like back, and play. */
export function FavoriteRows({ items }: { items: readonly Track[] }) {
  const currentId = usePlayerValue((s) => s.track?.id ?? null);
  return (
    <TrackList testId="favorites-list">
      {items.map((t) => (
        <li key={t.id}>
          <TrackRow
            track={t}
            current={t.id === currentId}
            trailing={
              <div className="flex shrink-0 items-center">
                <LikeButton track={t} showCount={false} />
                <PlayTrackButton track={t} />
              </div>
            }
          />
        </li>
      ))}
    </TrackList>
  );
}
