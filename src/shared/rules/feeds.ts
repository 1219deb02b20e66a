/** The podcast feeds' addresses (issue 28.3), one source for the server's routes and the pages' buttons. */
export const userFeedPath = (userRef: string) => `/rss/users/${encodeURIComponent(userRef)}`;
export const playlistFeedPath = (playlistId: number) => `/rss/playlists/${playlistId}`;

/**
 * The same feed for a podcast app: the `podcast://` scheme opens Apple Podcasts on iPhone, iPad and Mac,
 * and the apps that register it elsewhere; any other app takes the copied https address.
 */
export const podcastAppUrl = (feedUrl: string) => feedUrl.replace(/^https?:\/\//, 'podcast://');

/** What the feeds' own files answer (issue 40.4). */
export const FEED_MESSAGES = {
  /** A transcript file asked for a track whose lines have no times (made before timings were kept, or uploaded). */
  transcriptUntimed: 'この音声には時刻つきの文字起こしがありません',
} as const;
