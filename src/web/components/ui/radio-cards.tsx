import { cn } from '@web/lib/cn';
import type { LucideIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';

interface RadioCardOption<T extends string> {
  value: T;
  label: string;
  hint: string;
  icon: LucideIcon;
}

interface RadioCardsProps<T extends string> {
  /** The accessible name of the group. */
  label: string;
  options: readonly RadioCardOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

/** One of a few options as cards side by side (Radix RadioGroup): icon, label and hint; the chosen one in the accent. */
export function RadioCards<T extends string>({ label, options, value, onChange, className }: RadioCardsProps<T>) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(v) => {
        const chosen = options.find((o) => o.value === v);
        if (chosen) onChange(chosen.value);
      }}
      className={cn('grid grid-cols-2 gap-2', className)}
      aria-label={label}
    >
      {options.map(({ value: v, label: optionLabel, hint, icon: Icon }) => (
        <RadioGroup.Item
          key={v}
          value={v}
          className={cn(
            'flex min-h-14 items-center gap-2.5 rounded-xl border border-border bg-bg px-3 text-left transition-colors',
            'data-[state=checked]:border-accent data-[state=checked]:bg-accent-soft',
          )}
        >
          <Icon aria-hidden="true" className="size-5 shrink-0 text-accent" />
          <span>
            <span className="block font-medium text-sm">{optionLabel}</span>
            <span className="block text-muted text-xs">{hint}</span>
          </span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
