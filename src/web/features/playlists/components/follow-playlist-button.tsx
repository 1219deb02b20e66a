import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import type { Playlist } from '@shared/schemas/playlist';
import { Button } from '@web/components/ui/button';
import { useUser } from '@web/lib/auth';
import { useLoginPrompt } from '@web/lib/login-prompt';
import { failureToast } from '@web/lib/toast';
import { BookmarkCheck, BookmarkPlus } from 'lucide-react';
import { useFollowPlaylist } from '../api/follow-playlist';

/** Follow a public playlist of someone else (listener spec §4 Follow); visitors are asked to sign in. */
export function FollowPlaylistButton({ playlist: p }: { playlist: Playlist }) {
  const { isSignedIn } = useUser();
  const { openLogin } = useLoginPrompt();
  const follow = useFollowPlaylist();
  if (!p.isPublic || p.isOwner) return null;
  const following = isSignedIn && p.isFollowing;
  return (
    <Button
      variant={following ? 'secondary' : 'ghost'}
      size="lg"
      className={following ? '' : 'border border-accent/40 text-accent hover:bg-accent-soft'}
      aria-pressed={following}
      disabled={follow.isPending}
      onClick={() => {
        if (!isSignedIn) {
          openLogin();
          return;
        }
        follow.mutate(
          { id: p.id, follow: !following },
          {
            onError: failureToast(
              '[playlists] follow failed',
              PLAYLISTS_TEXT.followPlaylistButton.title,
              PLAYLISTS_TEXT.followPlaylistButton.description,
            ),
          },
        );
      }}
      data-testid="follow-playlist"
    >
      {following ? <BookmarkCheck aria-hidden="true" className="size-5" /> : <BookmarkPlus aria-hidden="true" className="size-5" />}
      {following ? PLAYLISTS_TEXT.followPlaylistButton.following : PLAYLISTS_TEXT.followPlaylistButton.notFollowing}
    </Button>
  );
}
