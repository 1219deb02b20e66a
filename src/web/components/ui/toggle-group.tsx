import { cn } from '@web/lib/cn';
import { ToggleGroup } from 'radix-ui';

interface SegmentedChoiceProps<T extends string | number> {
  /** The accessible name of the group. */
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  /** What an option shows, and its accessible name. */
  optionLabel: (option: T) => string;
  optionAriaLabel?: (option: T) => string;
  className?: string;
}

/** One of a few values side by side in a pill (Radix ToggleGroup): the chosen one raised, never none. */
export function SegmentedChoice<T extends string | number>({
  label,
  options,
  value,
  onChange,
  optionLabel,
  optionAriaLabel,
  className,
}: SegmentedChoiceProps<T>) {
  return (
    <ToggleGroup.Root
      type="single"
      value={String(value)}
      onValueChange={(v) => {
        const chosen = options.find((o) => String(o) === v);
        if (chosen !== undefined) onChange(chosen);
      }}
      aria-label={label}
      className={cn('inline-flex rounded-full border border-border bg-surface p-1', className)}
    >
      {options.map((o) => (
        <ToggleGroup.Item
          key={String(o)}
          value={String(o)}
          aria-label={optionAriaLabel?.(o)}
          className={cn(
            'inline-flex h-9 min-w-[3.25rem] items-center justify-center rounded-full px-2 text-sm tabular-nums font-medium text-muted transition-colors',
            'hover:text-fg data-[state=on]:bg-bg data-[state=on]:text-accent data-[state=on]:shadow-sm',
          )}
        >
          {optionLabel(o)}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
