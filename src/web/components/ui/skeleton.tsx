import { cn } from '@web/lib/cn';

/** A placeholder block while something loads. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-shimmer rounded-xl bg-surface-2', className)} />;
}
