import { ADMIN_THEMES_TEXT } from '@shared/messages/admin-themes';
import { listOf } from '@web/components/ui/list-state';
import { cn } from '@web/lib/cn';
import { useId } from 'react';
import { AdminListState } from '../../components/admin-list-state';
import { type ScheduledJob, useScheduledJobs } from '../api/tasks';
import { dateTime, STATUS_BADGE } from './task-queue';

const T = ADMIN_THEMES_TEXT.scheduled;
const Q = ADMIN_THEMES_TEXT.queue;

/**
 * The jobs the workers run on a schedule (#26.2: expired previews, premium's sweep, the contact mail
 * re-queue): how often, the last run with its outcome, the next one. Asked for every 30 s.
 */
export function ScheduledJobs() {
  const jobs = useScheduledJobs();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-h`} data-testid="scheduled-jobs">
      <h2 id={`${id}-h`} className="mb-3 font-bold text-lg">
        {T.heading}
      </h2>
      {/* Never empty: the server lists every scheduled job of the registry. */}
      <AdminListState
        query={listOf(jobs, (d) => d.jobs)}
        label={T.heading}
        bars={['h-12', 'h-12', 'h-12']}
        errorTestId="scheduled-jobs-error"
        empty={null}
      >
        {(list) => (
          <ul className="divide-y divide-border rounded-2xl bg-surface">
            {list.map((job) => (
              <JobRow key={job.kind} job={job} />
            ))}
          </ul>
        )}
      </AdminListState>
    </section>
  );
}

function JobRow({ job }: { job: ScheduledJob }) {
  return (
    <li className="space-y-1 px-4 py-3 text-sm" data-testid={`scheduled-job-${job.kind}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{T.kinds[job.kind] ?? job.kind}</span>
        <span className="text-muted">{T.every(Math.round(job.everyMs / 60_000))}</span>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted">
        <span>
          {T.last}{' '}
          {job.last ? (
            <>
              <span className="tabular-nums">{dateTime(job.last.at)}</span>{' '}
              <span className={cn('rounded-full px-2 py-0.5 font-medium text-xs', STATUS_BADGE[job.last.status])}>
                {Q.status[job.last.status]}
              </span>
            </>
          ) : (
            T.never
          )}
        </span>
        <span>
          {T.next} <span className="tabular-nums">{job.nextAt ? dateTime(job.nextAt) : T.notScheduled}</span>
        </span>
      </div>
    </li>
  );
}
