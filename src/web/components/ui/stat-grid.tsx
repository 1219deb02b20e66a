import { cn } from '@web/lib/cn';
import type { LucideIcon } from 'lucide-react';
import { Skeletons } from './skeleton';

export interface Stat {
  icon: LucideIcon;
  label: string;
  value: string;
  testId: string;
}

/** A row of counts under a page's title (plays, views, followers): icon and label over the figure. */
export function StatGrid({ stats, className }: { stats: Stat[]; className?: string }) {
  return (
    <dl className={cn('grid gap-2', stats.length === 3 ? 'grid-cols-3' : 'grid-cols-2', className)}>
      {stats.map(({ icon: Icon, label, value, testId }) => (
        <div key={testId} className="flex flex-col items-center justify-center rounded-2xl bg-surface px-2 py-2.5">
          <dt className="flex items-center gap-1 text-muted text-xs">
            <Icon aria-hidden="true" className="size-3.5" />
            {label}
          </dt>
          <dd className="mt-0.5 font-semibold text-lg tabular-nums" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The places of a page's three counts while it loads. */
export function StatSkeletons() {
  return (
    <Skeletons
      className="mt-5 grid w-full max-w-sm grid-cols-3 gap-2"
      bars={['h-16 rounded-2xl', 'h-16 rounded-2xl', 'h-16 rounded-2xl']}
    />
  );
}
