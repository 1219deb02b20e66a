import { cn } from '@web/lib/cn';

const HEIGHT = { sm: 'h-2', md: 'h-2.5', lg: 'h-3' } as const;

interface ProgressProps {
  /** 0 to 100. */
  value: number;
  /** The accessible name; left out for a bar that only illustrates a figure written beside it. */
  label?: string;
  size?: keyof typeof HEIGHT;
  className?: string;
}

/** A bar filled to `value` percent in the accent (a progressbar, or decorative when it has no label). */
export function Progress({ value, label, size = 'sm', className }: ProgressProps) {
  const percent = Math.min(100, Math.max(0, value));
  const meter = label
    ? { role: 'progressbar', 'aria-label': label, 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': Math.round(percent) }
    : { 'aria-hidden': true };
  return (
    <div className={cn('w-full overflow-hidden rounded-full bg-surface-2', HEIGHT[size], className)} {...meter}>
      <div
        className="h-full rounded-full bg-accent transition-[width] duration-500 motion-reduce:transition-none"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
