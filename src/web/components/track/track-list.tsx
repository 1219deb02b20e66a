import { cn } from '@web/lib/cn';
import type { ReactNode } from 'react';

interface TrackListProps {
  /** The rows: `<li>`s holding a TrackRow each. */
  children: ReactNode;
  testId?: string;
  className?: string;
  busy?: boolean;
}

/**
 * A list of track rows, the same in every list (search, favourites, profiles, My Page): one column on a
 * phone, two side by side once the list itself is wide enough for two rows (a container query, so a list
 * in a desktop page's narrow column stays one column).
 */
export function TrackList({ children, testId, className, busy }: TrackListProps) {
  return (
    <div className="@container">
      <ul className={cn('grid gap-1 @2xl:grid-cols-2 @2xl:gap-x-4', className)} aria-busy={busy} data-testid={testId}>
        {children}
      </ul>
    </div>
  );
}
