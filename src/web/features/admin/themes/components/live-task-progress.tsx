import { ADMIN_THEMES_TEXT } from '@shared/messages/admin-themes';
import { generationDone, TRACK_HANDOFF_MS } from '@shared/rules/admin-themes';
import { ButtonLink } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { CircleCheck, CircleX, Headphones } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Outcome } from '../../components/outcome';
import type { ProgressMessage } from '../api/live-progress';

const T = ADMIN_THEMES_TEXT.live;

/**
 * A running task's live progress from /ws (spec §4): the bar and the step's message; once the stage is
 * task_complete or the progress reaches 100, the completed view, and 2 s later the new track passed on
 * as a link to its page.
 */
export function LiveTaskProgress({ message, fallback }: { message: ProgressMessage | undefined; fallback: number }) {
  const done = message ? generationDone(message) : false;
  const trackId = message?.details.trackId;
  const [handedOff, setHandedOff] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setHandedOff(true), TRACK_HANDOFF_MS);
    return () => clearTimeout(timer);
  }, [done]);

  if (message?.stage === 'error') {
    return (
      <p className="mt-3 flex items-start gap-1.5 text-danger text-sm" role="status" data-testid="live-error">
        <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {message.message}
      </p>
    );
  }
  if (done) {
    return (
      <Outcome tone="good" icon={CircleCheck} title={T.completed} small className="mt-3" testId="live-complete">
        {handedOff && trackId !== undefined && (
          <ButtonLink to={`/track/${trackId}`} size="sm" className="mt-2" data-testid="live-track-link">
            <Headphones aria-hidden="true" className="size-4" />
            {T.openTrack}
          </ButtonLink>
        )}
      </Outcome>
    );
  }
  const value = Math.max(fallback, message?.progress ?? 0);
  return (
    <div className="mt-3" data-testid="live-progress" aria-live="polite">
      <div className="mb-1.5 flex items-baseline justify-between gap-2 text-sm">
        <span className="min-w-0 text-muted" data-testid="live-message">
          {message?.message ?? T.connecting}
        </span>
        <span className="shrink-0 font-medium tabular-nums">{value}%</span>
      </div>
      <Progress value={value} label={T.heading} size="md" />
    </div>
  );
}
