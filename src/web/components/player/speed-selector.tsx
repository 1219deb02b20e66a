import { PLAYBACK_RATES } from '@shared/constants';
import { SHELL_TEXT } from '@shared/messages/shell';
import { cn } from '@web/lib/cn';
import { ToggleGroup } from 'radix-ui';
import { rateLabel } from './speed-pill';

interface SpeedSelectorProps {
  rate: number;
  onChange: (rate: number) => void;
  className?: string;
}

/** All four speeds side by side (track page, L-2.6-16). */
export function SpeedSelector({ rate, onChange, className }: SpeedSelectorProps) {
  return (
    <ToggleGroup.Root
      type="single"
      value={String(rate)}
      onValueChange={(v) => {
        if (v) onChange(Number(v));
      }}
      aria-label={SHELL_TEXT.speedSelector.ariaLabel}
      className={cn('inline-flex rounded-full border border-border bg-surface p-1', className)}
    >
      {PLAYBACK_RATES.map((r) => (
        <ToggleGroup.Item
          key={r}
          value={String(r)}
          aria-label={SHELL_TEXT.speedSelector.ariaLabel2(r)}
          className={cn(
            'inline-flex h-9 min-w-[3.25rem] items-center justify-center rounded-full px-2 text-sm tabular-nums font-medium text-muted transition-colors',
            'hover:text-fg data-[state=on]:bg-bg data-[state=on]:text-accent data-[state=on]:shadow-sm',
          )}
        >
          {rateLabel(r)}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
