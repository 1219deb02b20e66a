import type { Playlist } from '@shared/schemas/playlist';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export const getMyPlaylists = () => api<Playlist[]>('/api/playlists/user');
export const getPlaylist = (id: number) => api<Playlist>(`/api/playlists/${id}`);
export const getPublicPlaylist = (slug: string) => api<Playlist>(`/api/playlists/public/${encodeURIComponent(slug)}`);
export const getPublicPlaylistOf = (userId: string, slug: string) =>
  api<Playlist>(`/api/playlists/public/${encodeURIComponent(userId)}/${encodeURIComponent(slug)}`);

/** GET /api/playlists/user: my playlists, each with its items. */
export const myPlaylistsQueryOptions = () => queryOptions({ queryKey: queryKeys.playlists.mine(), queryFn: getMyPlaylists });

export function useMyPlaylists({ enabled = true, fresh = false }: { enabled?: boolean; fresh?: boolean } = {}) {
  // `fresh`: asked again each time the component mounts (the add-to-playlist list).
  return useQuery({ ...myPlaylistsQueryOptions(), enabled, ...(fresh ? { staleTime: 0 } : {}) });
}

export type PlaylistRef = { kind: 'id'; id: number } | { kind: 'slug'; slug: string } | { kind: 'user-slug'; userId: string; slug: string };

/** One playlist by id (owner page or public detail) or by its public slug. */
export const playlistQueryOptions = (ref: PlaylistRef) =>
  queryOptions<Playlist>({
    queryKey:
      ref.kind === 'id'
        ? queryKeys.playlists.detail(ref.id)
        : ref.kind === 'slug'
          ? queryKeys.playlists.publicSlug(ref.slug)
          : queryKeys.playlists.publicUserSlug(ref.userId, ref.slug),
    queryFn: () =>
      ref.kind === 'id'
        ? getPlaylist(ref.id)
        : ref.kind === 'slug'
          ? getPublicPlaylist(ref.slug)
          : getPublicPlaylistOf(ref.userId, ref.slug),
  });

export function usePlaylist(ref: PlaylistRef | null) {
  return useQuery({ ...playlistQueryOptions(ref ?? { kind: 'id', id: 0 }), enabled: ref !== null });
}
