import { PREMIUM_TEXT } from '@shared/messages/premium';
import { PlayTrackButton } from '@web/components/track/play-track-button';
import { TrackRow } from '@web/components/track/track-row';
import { usePlayerValue } from '@web/lib/audio/player-context';
import { Download, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { dropAudio, keptAudioIds } from '../lib/offline-audio';
import { removeKeptTracks, useKeptTracks } from '../stores/offline-tracks';

const T = PREMIUM_TEXT.offline;

/**
 * The tracks kept for offline playback (a premium member's My Page): each plays from the worker's cache
 * with the network cut, and can be dropped. A track whose audio is no longer in the cache (the browser
 * cleared it) leaves the list.
 */
export function OfflineList() {
  const tracks = useKeptTracks();
  const currentId = usePlayerValue((s) => s.track?.id ?? null);

  useEffect(() => {
    if (tracks.length === 0) return;
    let live = true;
    void keptAudioIds()
      .then((ids) => {
        if (live) removeKeptTracks(tracks.filter((t) => !ids.has(t.id)).map((t) => t.id));
      })
      .catch((e: unknown) => console.error('[offline] could not read the kept audio', e));
    return () => {
      live = false;
    };
  }, [tracks]);

  return (
    <section aria-labelledby="offline-list-title" data-testid="offline-list">
      <h2 id="offline-list-title" className="flex items-center gap-2 font-bold">
        <Download aria-hidden="true" className="size-5 text-accent" />
        {T.listTitle}
      </h2>
      {tracks.length === 0 ? (
        <p className="mt-2 text-muted text-sm leading-relaxed" data-testid="offline-list-empty">
          {T.listEmpty}
        </p>
      ) : (
        <ul className="mt-2">
          {tracks.map((track) => (
            <li key={track.id}>
              <TrackRow
                track={track}
                current={track.id === currentId}
                dense
                trailing={
                  <>
                    <PlayTrackButton track={track} />
                    <button
                      type="button"
                      aria-label={T.remove(track.title)}
                      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted transition-colors hover:bg-danger-soft hover:text-danger"
                      onClick={() => {
                        removeKeptTracks([track.id]);
                        void dropAudio(track.id).catch((e: unknown) => console.error('[offline] drop failed', e));
                      }}
                      data-testid="offline-remove"
                    >
                      <Trash2 aria-hidden="true" className="size-5" />
                    </button>
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
