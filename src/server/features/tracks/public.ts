/**
 * The tracks feature's public face: the only module another feature may import from it
 * (docs/architecture.md; src/server/test/layers.test.ts enforces it).
 */
export { onTrackChange, trackChanged } from './changes';
export { premiumListeners } from './premium-listener';
export type { Hearer } from './queries';
export {
  audioKey,
  audioKeysOf,
  canSeeTrack,
  existingFilenames,
  findTrack,
  gateOf,
  hearableSql,
  hearerOf,
  hearingOf,
  hqAudioKey,
  listedSql,
  listTracksWhere,
  requireHearing,
  transcriptOf,
} from './queries';
export { listVisibleTracks } from './service';
