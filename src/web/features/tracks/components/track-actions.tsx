/**
 * The like and add-to-playlist buttons of the track players. They belong to the likes and playlists
 * features; the players compose them here.
 */
export { LikeButton } from '@web/features/likes/components/like-button';
export { AddToPlaylistButton } from '@web/features/playlists/components/add-to-playlist';
