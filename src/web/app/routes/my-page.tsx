import { FollowStats } from '@web/features/follows/components/follow-stats';
import { FavoritesTab } from '@web/features/likes/components/favorites-tab';
import { MyPlaylistsTab } from '@web/features/playlists/components/my-playlists-tab';
import { PremiumPanel } from '@web/features/premium/components/premium-panel';
import { MyPage } from '@web/features/profile/routes/my-page';

/** /profile: My Page with the lists of the likes and playlists features, the follow counts and the premium panel. */
export function MyPageRoute() {
  return (
    <MyPage
      favorites={<FavoritesTab />}
      playlists={<MyPlaylistsTab />}
      followStats={(user) => <FollowStats user={user} />}
      premium={<PremiumPanel />}
    />
  );
}
