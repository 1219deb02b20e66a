import { PROFILE_TEXT } from '@shared/messages/profile';
import { TRACK_STATS_TEXT } from '@shared/messages/track-stats';
import { MY_PAGE_MESSAGES } from '@shared/rules/my-page';
import type { Track } from '@shared/schemas/track';
import { TrackList } from '@web/components/track/track-list';
import { TrackRow, TrackRowSkeletons } from '@web/components/track/track-row';
import { TrackStatsDialog } from '@web/components/track/track-stats';
import { ButtonLink } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { IconButton } from '@web/components/ui/icon-button';
import { ListState } from '@web/components/ui/list-state';
import { toast } from '@web/lib/toast';
import { ChartColumn, Eye, EyeOff, Mic, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useMyTrackStats } from '../api/my-track-stats';
import { useDeleteTrack, useMyTracks, useSetTrackVisibility } from '../api/my-tracks';

type Pending = { kind: 'visibility'; track: Track } | { kind: 'delete'; track: Track } | null;

/**
 * The 投稿音声 tab: the member's own tracks, hidden ones included (L-2.7-31 .. L-2.7-35), each with the
 * visibility toggle, its stats (issue 40.3), the add-to-playlist menu (the app's, from the playlists
 * feature) and delete, in the track row of every list (its title to /track/{id}, 非公開 before the details
 * of a hidden one).
 */
export function MyTracksTab({ addToPlaylist }: { addToPlaylist?: (track: Track) => ReactNode }) {
  const tracks = useMyTracks();
  const visibility = useSetTrackVisibility();
  const remove = useDeleteTrack();
  const [pending, setPending] = useState<Pending>(null);
  // The track whose stats are open (issue 40.3); kept while the dialog closes, so its title stays.
  const [statsOf, setStatsOf] = useState<{ track: Track; open: boolean } | null>(null);
  const stats = useMyTrackStats(statsOf?.open ? statsOf.track.id : null);

  const confirm = () => {
    if (!pending) return;
    const { track } = pending;
    if (pending.kind === 'visibility') {
      // Treated as visible only when strictly true (listener spec §3).
      const isVisible = track.isVisible !== true;
      visibility.mutate(
        { id: track.id, isVisible },
        {
          onSuccess: () =>
            toast({ title: PROFILE_TEXT.myTracksTab.title, description: isVisible ? MY_PAGE_MESSAGES.shown : MY_PAGE_MESSAGES.hidden }),
          // The spec's words whatever the server said (listener spec §8); the answer goes to the console.
          onError: (e) => {
            console.error('[my-tracks] visibility change failed', e);
            toast({ title: PROFILE_TEXT.myTracksTab.title2, description: MY_PAGE_MESSAGES.visibilityFailed, variant: 'destructive' });
          },
          onSettled: () => setPending(null),
        },
      );
    } else {
      remove.mutate(track.id, {
        onSuccess: () => toast({ title: MY_PAGE_MESSAGES.deleted }),
        onError: () => toast({ title: MY_PAGE_MESSAGES.deleteFailed, variant: 'destructive' }),
        onSettled: () => setPending(null),
      });
    }
  };

  const showing = pending?.kind === 'visibility' && pending.track.isVisible !== true;

  return (
    <>
      <ListState
        query={tracks}
        what={PROFILE_TEXT.myTracksTab.what}
        skeleton={<TrackRowSkeletons count={3} />}
        empty={
          <EmptyState icon={Mic} title={MY_PAGE_MESSAGES.noTracks} look="card" testId="empty-state">
            <ButtonLink to="/create-post" variant="secondary" className="mt-6">
              {PROFILE_TEXT.myTracksTab.link}
            </ButtonLink>
          </EmptyState>
        }
      >
        {(items) => (
          <TrackList testId="my-tracks-list">
            {items.map((t) => {
              const visible = t.isVisible === true;
              return (
                <li key={t.id} data-testid="my-track-row" data-visible={visible}>
                  <TrackRow
                    track={t}
                    to={`/track/${t.id}`}
                    dense
                    badge={
                      !visible && (
                        <span className="shrink-0 rounded-full bg-surface-2 px-1.5 font-medium text-fg">
                          {PROFILE_TEXT.myTracksTab.hidden}
                        </span>
                      )
                    }
                    trailing={
                      <div className="flex shrink-0 items-center">
                        <IconButton
                          icon={visible ? Eye : EyeOff}
                          label={visible ? PROFILE_TEXT.myTracksTab.visible(t.title) : PROFILE_TEXT.myTracksTab.notVisible(t.title)}
                          aria-pressed={visible}
                          onClick={() => setPending({ kind: 'visibility', track: t })}
                          data-testid="visibility-toggle"
                        />
                        <IconButton
                          icon={ChartColumn}
                          label={TRACK_STATS_TEXT.openButton.label(t.title)}
                          onClick={() => setStatsOf({ track: t, open: true })}
                          data-testid="track-stats-open"
                        />
                        {addToPlaylist?.(t)}
                        <IconButton
                          icon={Trash2}
                          tone="danger"
                          label={PROFILE_TEXT.myTracksTab.deleteTrackLabel(t.title)}
                          onClick={() => setPending({ kind: 'delete', track: t })}
                          data-testid="delete-track"
                        />
                      </div>
                    }
                  />
                </li>
              );
            })}
          </TrackList>
        )}
      </ListState>
      <TrackStatsDialog
        open={statsOf?.open === true}
        onOpenChange={(open) => setStatsOf((s) => (s && !open ? { ...s, open } : s))}
        title={statsOf?.track.title ?? ''}
        query={stats}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={
          pending?.kind === 'delete'
            ? MY_PAGE_MESSAGES.deleteConfirm
            : showing
              ? MY_PAGE_MESSAGES.visibilityConfirmShow
              : MY_PAGE_MESSAGES.visibilityConfirmHide
        }
        description={pending ? `「${pending.track.title}」` : undefined}
        confirmLabel={
          pending?.kind === 'delete'
            ? PROFILE_TEXT.myTracksTab.delete
            : showing
              ? PROFILE_TEXT.myTracksTab.showing
              : PROFILE_TEXT.myTracksTab.notShowing
        }
        danger={pending?.kind === 'delete'}
        busy={visibility.isPending || remove.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
