import type { Playlist, PlaylistSchema } from '@shared/schemas/playlist';
import type { Track, TrackListSchema } from '@shared/schemas/track';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';

/** The whole playlist answer: the cache entry ['playlists', 'user'] is shared with the playlists pages. */
export type MyPlaylist = Playlist;

export const getFavorites = (): Promise<Track[]> => api<Answer<typeof TrackListSchema>>('/api/user/favorites');
export const getMyPlaylists = (): Promise<MyPlaylist[]> => api<Answer<typeof PlaylistSchema>[]>('/api/playlists/user');
export const getMyTracks = (): Promise<Track[]> => api<Answer<typeof TrackListSchema>>('/api/my-tracks');

/** Same keys as the likes and playlists features, so their changes refresh these lists too. */
export const favoritesQueryOptions = () => queryOptions({ queryKey: ['favorites'], queryFn: getFavorites, staleTime: 0 });
export const myPlaylistsQueryOptions = () => queryOptions({ queryKey: ['playlists', 'user'], queryFn: getMyPlaylists, staleTime: 0 });
/** Never stale (listener spec §9: my-tracks stale time 0). */
export const myTracksQueryOptions = () => queryOptions({ queryKey: ['my-tracks'], queryFn: getMyTracks, staleTime: 0 });

export const useFavorites = () => useQuery(favoritesQueryOptions());
export const useMyPlaylists = () => useQuery(myPlaylistsQueryOptions());
export const useMyTracks = () => useQuery(myTracksQueryOptions());
