import type { LucideIcon } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId } from 'react';

interface PwaSwitchRowProps {
  icon: LucideIcon;
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
  testId: string;
}

/** One switch of the PWA settings: icon, label (the switch's accessible name), hint. */
export function PwaSwitchRow({ icon: Icon, label, hint, checked, disabled, onCheckedChange, testId }: PwaSwitchRowProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-3 py-3">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block cursor-pointer font-semibold text-[15px]">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-muted text-xs leading-relaxed">
          {hint}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-hint`}
        data-testid={testId}
        className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-surface-2 transition-colors disabled:opacity-60 data-[state=checked]:bg-accent"
      >
        <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}
