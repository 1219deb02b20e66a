import { Button } from '@web/components/ui/button';
import { ConfirmDialog, type ConfirmDialogProps } from '@web/components/ui/dialog';
import type { LucideIcon } from 'lucide-react';

interface DangerActionProps extends Omit<ConfirmDialogProps, 'confirmLabel' | 'danger'> {
  /** The button's icon and label; the label also confirms in the dialog. */
  icon: LucideIcon;
  label: string;
  testId: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A card's quiet button in the danger colour (remove a theme, cancel a task) that asks first: the
 * dialog is `open` from the click until the caller closes it, once the action has settled.
 */
export function DangerAction({ icon: Icon, label, testId, disabled, className, ...confirm }: DangerActionProps) {
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className={className}
        onClick={() => confirm.onOpenChange(true)}
        disabled={disabled}
        data-testid={testId}
      >
        <span className="inline-flex items-center gap-1.5 text-danger">
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </span>
      </Button>
      <ConfirmDialog {...confirm} confirmLabel={label} />
    </>
  );
}
