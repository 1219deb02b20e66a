import { AudioTestPage } from '@web/features/player/routes/audio-test';
import { useTracks } from '@web/features/tracks/api/get-tracks';

/** /audio-test: the player's debug page, with the catalogue of the tracks feature for its first source. */
export function AudioTestRoute() {
  return <AudioTestPage catalogue={useTracks()} />;
}
