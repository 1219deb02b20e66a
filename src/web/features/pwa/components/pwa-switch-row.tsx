import { Switch } from '@web/components/ui/switch';
import type { LucideIcon } from 'lucide-react';
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
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={onCheckedChange} describedBy={`${id}-hint`} testId={testId} />
    </div>
  );
}
