import { SHELL_TEXT } from '@shared/messages/shell';
import { cn } from '@web/lib/cn';

/** The rate as the listener reads it: 1x, 1.25x, 1.5x, 2x. */
export const rateLabel = (rate: number) => `${rate}x`;

interface SpeedPillProps {
  rate: number;
  onClick: () => void;
  className?: string;
}

/** Each tap moves to the next speed: 1 → 1.25 → 1.5 → 2 → 1 (L-4.2-09). */
export function SpeedPill({ rate, onClick, className }: SpeedPillProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={SHELL_TEXT.speedPill.ariaLabel(rateLabel(rate))}
      data-rate={rate}
      className={cn(
        'inline-flex h-11 min-w-14 items-center justify-center rounded-full px-3 text-sm tabular-nums font-semibold',
        'border border-border bg-surface text-fg transition-colors hover:bg-surface-2',
        rate !== 1 && 'border-accent/40 bg-accent-soft text-accent',
        className,
      )}
    >
      {rateLabel(rate)}
    </button>
  );
}
