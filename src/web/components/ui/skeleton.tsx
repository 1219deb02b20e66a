import { cn } from '@web/lib/cn';
import type { ReactNode } from 'react';

/** A placeholder block while something loads. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-shimmer rounded-xl bg-surface-2', className)} />;
}

/**
 * Placeholder blocks in the shape of what is coming, one class list a block, in order; with a
 * `className`, inside a box of their own (a row, a grid of counts).
 */
export function Skeletons({ bars, className }: { bars: string[]; className?: string }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
  const blocks = bars.map((bar, i) => <Skeleton key={i} className={bar} />);
  return className ? <div className={className}>{blocks}</div> : blocks;
}

/** A page or panel that is loading, said once to screen readers by its label. */
export function LoadingStatus({
  label,
  className,
  testId,
  children,
}: {
  label: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={className} role="status" aria-label={label} data-testid={testId}>
      {children}
    </div>
  );
}

interface RowSkeletonsProps {
  count: number;
  /** The row's own layout classes. */
  className: string;
  /** The picture at the start of the row (a square or a circle). */
  lead: string;
  /** The lines beside it, top to bottom. */
  lines: string[];
}

/** Rows of a list while it loads: a picture and lines of text beside it, `count` times. */
export function RowSkeletons({ count, className, lead, lines }: RowSkeletonsProps) {
  return Array.from({ length: count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <div key={i} className={className}>
      <Skeleton className={lead} />
      <Skeletons className="flex-1 space-y-2" bars={lines} />
    </div>
  ));
}
