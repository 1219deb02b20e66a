import { FollowStats } from '@web/features/follows/components/follow-stats';
import { FavoritesTab } from '@web/features/likes/components/favorites-tab';
import { AddToPlaylistButton } from '@web/features/playlists/components/add-to-playlist';
import { MyPlaylistsTab } from '@web/features/playlists/components/my-playlists-tab';
import { PremiumPanel } from '@web/features/premium/components/premium-panel';
import { MyPage } from '@web/features/profile/routes/my-page';

/**
 * /profile: My Page with the lists of the likes and playlists features, the follow counts, the premium
 * panel, and the playlists feature's add-to-playlist menu on each posted track.
 */
export function MyPageRoute() {
  return (
    <MyPage
      favorites={<FavoritesTab />}
      playlists={<MyPlaylistsTab />}
      followStats={(user) => <FollowStats user={user} />}
      premium={<PremiumPanel />}
      addToPlaylist={(track) => <AddToPlaylistButton track={track} compact />}
    />
  );
}
