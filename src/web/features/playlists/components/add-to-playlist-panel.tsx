import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { PLAYLIST_MESSAGES } from '@shared/rules/playlist';
import type { Track } from '@shared/schemas/track';
import { Modal } from '@web/components/ui/dialog';
import { ListState } from '@web/components/ui/list-state';
import { AnchoredPopover } from '@web/components/ui/popover';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { Check, ListMusic, LoaderCircle, Plus } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { playlistErrorToast } from '../api/errors';
import { useMyPlaylists } from '../api/get-playlists';
import { useAddTrack, wasAddedThisSession } from '../api/playlist-tracks';

interface AddToPlaylistPanelProps {
  track: Track;
  /** The add-to-playlist button: the popover's anchor, and where focus returns. */
  anchorRef: RefObject<HTMLButtonElement | null>;
  desktop: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
}

/**
 * The choice of playlist behind the add-to-playlist button: a popover on larger screens, a dialog on
 * phones. Loaded on first use (add-to-playlist.tsx), so the popover's positioning engine stays out of
 * the home route's first download; the button stays the same element, so focus never gets lost.
 */
export function AddToPlaylistPanel({ track, anchorRef, desktop, open, setOpen }: AddToPlaylistPanelProps) {
  if (desktop) {
    return (
      <AnchoredPopover open={open} onOpenChange={setOpen} anchorRef={anchorRef} testId="add-to-playlist-popover">
        <p className="px-2 pt-1 pb-2 font-semibold text-sm">{PLAYLISTS_TEXT.addToPlaylistPanel.title}</p>
        <PlaylistChoices track={track} onDone={() => setOpen(false)} />
      </AnchoredPopover>
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={PLAYLISTS_TEXT.addToPlaylistPanel.title}
      description={track.title}
      testId="add-to-playlist-dialog"
    >
      <PlaylistChoices track={track} onDone={() => setOpen(false)} />
    </Modal>
  );
}

/** My playlists; those that already hold the track (or got it in this session) are disabled. */
function PlaylistChoices({ track, onDone }: { track: Track; onDone: () => void }) {
  const playlists = useMyPlaylists({ fresh: true });
  const add = useAddTrack();

  const onAdd = (playlistId: number, name: string) => {
    add.mutate(
      { playlistId, trackId: track.id },
      {
        onSuccess: () => {
          toast({ title: PLAYLISTS_TEXT.playlistChoices.title, description: PLAYLISTS_TEXT.playlistChoices.description(name) });
          onDone();
        },
        onError: (e) => playlistErrorToast(PLAYLIST_MESSAGES.addFailed, e),
      },
    );
  };

  return (
    <div className="space-y-1">
      <ListState
        query={playlists}
        what={PLAYLISTS_TEXT.playlistChoices.what}
        compact
        skeleton={
          <div role="status" aria-label={PLAYLISTS_TEXT.playlistChoices.loading} className="flex justify-center py-6 text-muted">
            <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
          </div>
        }
        empty={<p className="px-2 py-4 text-center text-muted text-sm">{PLAYLISTS_TEXT.playlistChoices.empty}</p>}
      >
        {(items) => (
          <ul className="max-h-72 space-y-0.5 overflow-y-auto" aria-label={PLAYLISTS_TEXT.playlistChoices.listLabel}>
            {items.map((p) => {
              const added = wasAddedThisSession(p.id, track.id) || p.items.some((i) => i.track.id === track.id);
              const busy = add.isPending && add.variables?.playlistId === p.id;
              return (
                <li key={p.id}>
                  <button
                    type="button"
                    disabled={added || add.isPending}
                    onClick={() => onAdd(p.id, p.name)}
                    className="flex min-h-12 w-full items-center gap-3 rounded-xl px-2 text-left transition-colors enabled:hover:bg-surface disabled:cursor-not-allowed"
                    data-testid="playlist-choice"
                    data-added={added ? 'true' : 'false'}
                  >
                    <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
                      <ListMusic aria-hidden="true" className="size-5" />
                    </span>
                    <span className={cn('min-w-0 flex-1', added && 'text-muted')}>
                      <span className="block truncate font-medium text-sm">{p.name}</span>
                      <span className="block text-muted text-xs tabular-nums">
                        {p.itemCount}
                        {PLAYLISTS_TEXT.playlistChoices.trackCountUnit}
                      </span>
                    </span>
                    {busy ? (
                      <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-muted" />
                    ) : added ? (
                      <span className="inline-flex items-center gap-1 text-muted text-xs">
                        <Check aria-hidden="true" className="size-4" />
                        {PLAYLISTS_TEXT.playlistChoices.added}
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </ListState>
      <div className="border-border border-t pt-1">
        <Link
          to={`/create-playlist?track=${track.id}`}
          onClick={onDone}
          className="flex min-h-12 items-center gap-3 rounded-xl px-2 font-medium text-accent text-sm hover:bg-surface"
          data-testid="create-playlist-option"
        >
          <span className="inline-flex size-9 items-center justify-center rounded-lg border border-accent/40 border-dashed">
            <Plus aria-hidden="true" className="size-5" />
          </span>
          {PLAYLISTS_TEXT.playlistChoices.createPlaylistOption}
        </Link>
      </div>
    </div>
  );
}
