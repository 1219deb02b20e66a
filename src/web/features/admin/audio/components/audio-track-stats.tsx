import { TRACK_STATS_TEXT } from '@shared/messages/track-stats';
import { TrackStatsDialog } from '@web/components/track/track-stats';
import { ChartColumn } from 'lucide-react';
import { useState } from 'react';
import { useAdminTrackStats } from '../api/track-stats';

/**
 * A file's stats in the console (issue 40.3): the button of its row and the dialog it opens, the same
 * figures its creator sees on My Page (GET /api/admin/tracks/{id}/stats).
 */
export function TrackStatsButton({ trackId, title }: { trackId: number; title: string }) {
  const [open, setOpen] = useState(false);
  const stats = useAdminTrackStats(open ? trackId : null);
  const label = TRACK_STATS_TEXT.openButton.label(title);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={label}
        title={label}
        className="inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-fg"
        data-testid="file-stats"
      >
        <ChartColumn aria-hidden="true" className="size-4" />
      </button>
      <TrackStatsDialog open={open} onOpenChange={setOpen} title={title} query={stats} />
    </>
  );
}
