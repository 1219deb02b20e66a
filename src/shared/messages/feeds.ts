import { SITE_NAME } from '../constants';

/** What a podcast app shows of Mugen's feeds (issue 28.3): the feeds' titles, descriptions and generator. */
export const FEED_TEXT = {
  userTitle: (name: string) => `${name}の無限ラジオ`,
  userDescription: (name: string, handle: string) => `${name}（@${handle}）が無限で公開しているAIトーク番組です。`,
  playlistDescription: (ownerName: string, playlistName: string) => `${ownerName}さんのプレイリスト「${playlistName}」（無限）`,
  generator: SITE_NAME,
} as const;
