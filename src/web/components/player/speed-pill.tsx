import { SHELL_TEXT } from '@shared/messages/shell';
import { cn } from '@web/lib/cn';

/** The rate as the listener reads it: 1x, 1.25x, 1.5x, 2x. */
export const rateLabel = (rate: number) => `${rate}x`;

interface SpeedPillProps {
  rate: number;
  onClick: () => void;
  /** The hero's pill, or the bar's smaller one. */
  size?: 'hero' | 'bar';
  className?: string;
}

/**
 * Each tap moves to the next speed: 1 → 1.25 → 1.5 → 2 → 1 (L-4.2-09). The pill is as wide for 1x as
 * for 1.25x, so the play button beside it never moves when the label changes.
 */
export function SpeedPill({ rate, onClick, size = 'hero', className }: SpeedPillProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={SHELL_TEXT.speedPill.ariaLabel(rateLabel(rate))}
      data-rate={rate}
      className={cn(
        'inline-flex h-11 shrink-0 items-center justify-center rounded-full px-0 tabular-nums font-semibold',
        size === 'hero' ? 'w-[4.5rem] text-sm' : 'w-14 text-xs',
        'border border-border bg-surface text-fg transition-colors hover:bg-surface-2',
        rate !== 1 && 'border-accent/40 bg-accent-soft text-accent',
        className,
      )}
    >
      {rateLabel(rate)}
    </button>
  );
}
