/**
 * The add-to-playlist button's words: on every track row of the home route's first download, so in a
 * module of their own (a chunk takes whole modules: the playlists catalogue stays with its pages, #27.5).
 */
export const ADD_TO_PLAYLIST_BUTTON_TEXT = {
  addToPlaylistButtonLabel: 'プレイリストに追加',
} as const;
