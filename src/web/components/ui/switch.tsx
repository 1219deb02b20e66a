import { cn } from '@web/lib/cn';
import { Switch as RadixSwitch } from 'radix-ui';

interface SwitchProps {
  checked: boolean;
  /** Left out for a switch fixed in its state (shown disabled). */
  onCheckedChange?: (checked: boolean) => void;
  /** The accessible name when no visible `<label htmlFor={id}>` names the switch (a table cell). */
  label?: string;
  /** For a visible `<label htmlFor>` beside the switch. */
  id?: string;
  /** The id of the hint that describes the switch. */
  describedBy?: string;
  disabled?: boolean;
  testId?: string;
  className?: string;
}

/** An on/off switch (Radix): a 44 px touch target around the 28 px track; the accent when on. */
export function Switch({ checked, onCheckedChange, label, id, describedBy, disabled, testId, className }: SwitchProps) {
  return (
    <RadixSwitch.Root
      checked={checked}
      onCheckedChange={onCheckedChange}
      id={id}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      data-testid={testId}
      className={cn(
        'group relative inline-flex min-h-11 min-w-12 shrink-0 cursor-pointer items-center disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="inline-flex h-7 w-12 items-center rounded-full bg-surface-2 transition-colors group-data-[state=checked]:bg-accent"
      >
        <RadixSwitch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </span>
    </RadixSwitch.Root>
  );
}
