import { PlayTrackButton } from '@web/components/track/play-track-button';
import { TrackRow, TrackRowSkeletons } from '@web/components/track/track-row';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { usePlayerValue } from '@web/lib/audio/player-context';
import { CircleAlert, Heart } from 'lucide-react';
import { Link } from 'react-router';
import { useFavorites } from '../api/get-favorites';
import { LikeButton } from './like-button';

/** My liked tracks with their empty message (the /favorites page; My Page's tab may use it too). */
export function FavoritesList() {
  const favorites = useFavorites();
  const currentId = usePlayerValue((s) => s.track?.id ?? null);

  if (favorites.isPending) return <TrackRowSkeletons />;
  if (favorites.isError) {
    return (
      <EmptyState
        icon={<CircleAlert aria-hidden="true" />}
        title="お気に入りを読み込めませんでした"
        body="通信状況をご確認のうえ、もう一度お試しください。"
      >
        <Button className="mt-6" onClick={() => void favorites.refetch()}>
          再読み込み
        </Button>
      </EmptyState>
    );
  }
  if (favorites.data.length === 0) {
    return (
      <EmptyState
        icon={<Heart aria-hidden="true" />}
        title="お気に入りがありません"
        body="気に入った音声のハートをタップすると、ここに表示されます。"
        testId="favorites-empty"
      >
        <Button asChild className="mt-6">
          <Link to="/">音声を聴く</Link>
        </Button>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-1" data-testid="favorites-list">
      {favorites.data.map((t) => (
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
    </ul>
  );
}
