import { intIdFrom } from '@shared/rules/ids';
import { useUser } from '@web/lib/auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useParams } from 'react-router';
import { type PlaylistRef, usePlaylist } from '../api/get-playlists';
import { OwnerPlaylistView } from '../components/owner-playlist-view';
import { PlaylistNotFound, PlaylistSkeleton } from '../components/playlist-not-found';
import { PublicPlaylistView } from '../components/public-playlist-view';

/** /playlists/{id}: the owner's page for the owner, the public detail for everyone else. */
export function PlaylistRoute() {
  const { id } = useParams();
  const pid = intIdFrom(id);
  const { user, isPending } = useUser();
  const playlist = usePlaylist(pid === null ? null : { kind: 'id', id: pid });
  useDocumentTitle(playlist.data?.name);

  if (pid === null || playlist.isError) return <PlaylistNotFound />;
  if (!playlist.data || isPending) return <PlaylistSkeleton />;
  if (playlist.data.isOwner && user) return <OwnerPlaylistView playlist={playlist.data} user={user} />;
  return <PublicPlaylistView playlist={playlist.data} />;
}

function PublicDetail({ refOf }: { refOf: PlaylistRef | null }) {
  const playlist = usePlaylist(refOf);
  useDocumentTitle(playlist.data?.name);
  if (refOf === null || playlist.isError) return <PlaylistNotFound />;
  if (!playlist.data) return <PlaylistSkeleton />;
  return <PublicPlaylistView playlist={playlist.data} />;
}

/** /playlist/{slug} */
export function PublicSlugRoute() {
  const { slug } = useParams();
  return <PublicDetail refOf={slug ? { kind: 'slug', slug } : null} />;
}

/** /u/{userId}/{slug} */
export function PublicUserSlugRoute() {
  const { userId, slug } = useParams();
  return <PublicDetail refOf={userId && slug ? { kind: 'user-slug', userId, slug } : null} />;
}

/** /{userId}/playlist/{id}: the address playlists are shared with (its social card comes from the server). */
export function UserPlaylistRoute() {
  const { id } = useParams();
  const pid = intIdFrom(id);
  return <PublicDetail refOf={pid === null ? null : { kind: 'id', id: pid }} />;
}
