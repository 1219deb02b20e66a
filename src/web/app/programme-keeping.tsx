import { keepSegueAudio } from '@web/features/premium/lib/offline-audio';
import { getKeptTracks } from '@web/features/premium/stores/offline-tracks';
import { ProgrammeKeeper } from '@web/features/radio/components/programme-keeper';
import type { ProgrammeOffline } from '@web/features/radio/lib/kept-programme';

/** A programme's segues are kept offline with its tracks kept offline (premium's keeping, #40.2). */
const PROGRAMME_OFFLINE: ProgrammeOffline = {
  keptTrackIds: () => new Set(getKeptTracks().map((t) => t.id)),
  keepSegue: keepSegueAudio,
};

/**
 * The programme kept across reloads, with premium's offline keeping of its segues: loaded after the
 * first paint (app/provider.tsx), so the home route's first download stays within its budget (#27.5).
 */
export function AppProgrammeKeeper() {
  return <ProgrammeKeeper offline={PROGRAMME_OFFLINE} />;
}
