/**
 * The like and add-to-playlist buttons and the 2x trial's time left, shown by the track players. They
 * belong to the likes, playlists and premium features; the players compose them here.
 */
export { LikeButton } from '@web/features/likes/components/like-button';
export { AddToPlaylistButton } from '@web/features/playlists/components/add-to-playlist';
export { TrialRemaining } from '@web/features/premium/components/trial-remaining';
