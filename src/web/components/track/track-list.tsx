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
 * in a desktop page's narrow column stays one column). The columns are minmax(0, 1fr): a row's unbroken
 * details (非公開 before them on a hidden track) never widen the column past the screen, which pushed every
 * row's buttons out of a 390 px phone (issue 40.6).
 */
export function TrackList({ children, testId, className, busy }: TrackListProps) {
  return (
    <div className="@container">
      <ul className={cn('grid grid-cols-1 gap-1 @2xl:grid-cols-2 @2xl:gap-x-4', className)} aria-busy={busy} data-testid={testId}>
        {children}
      </ul>
    </div>
  );
}
