import { SHELL_TEXT } from '@shared/messages/shell';
import { cn } from '@web/lib/cn';
import { X } from 'lucide-react';
import { AlertDialog, Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';
import { IconButton } from './icon-button';

/** Whether a dialog is open, and how it tells that it closes: what its opener hands it. */
export interface DialogShown {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface ModalProps extends DialogShown {
  title: string;
  description?: string;
  /** The description only for screen readers, when the dialog's content says it already. */
  hideDescription?: boolean;
  /** The children fill the body themselves (their own padding and scrolling). */
  flush?: boolean;
  /**
   * A notice with one action: a small centred card, this figure (the logo) over a centred title,
   * instead of the sheet with its title bar.
   */
  figure?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  overlayTestId?: string;
}

const OVERLAY = 'fixed inset-0 z-50 bg-black/45 data-[state=open]:animate-fade-in';
/** The centred card of notices and questions. */
const CARD =
  'fixed top-1/2 left-1/2 z-50 w-[min(24rem,calc(100%-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-bg p-6 shadow-card outline-none data-[state=open]:animate-dialog-in';
const SHEET = cn(
  'fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col rounded-t-3xl bg-bg pb-[env(safe-area-inset-bottom)] shadow-card outline-none',
  'data-[state=open]:animate-sheet-up sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:w-[min(28rem,calc(100%-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:pb-0 sm:data-[state=open]:animate-dialog-in',
);

/** Its child (a link, a button) also closes the dialog or drawer it sits in, as it acts. */
export function ClosesDialog({ children }: { children: ReactNode }) {
  return <Dialog.Close asChild>{children}</Dialog.Close>;
}

/** The × of a dialog or drawer (a Radix Dialog.Close). */
export function DialogCloseButton({ label = SHELL_TEXT.modal.ariaLabel, className }: { label?: string; className?: string }) {
  return (
    <Dialog.Close asChild>
      <IconButton icon={X} label={label} className={className} />
    </Dialog.Close>
  );
}

/**
 * The app's dialog: a sheet rising from the bottom on phones, a centred card from 640 px (or, with a
 * `figure`, a centred card everywhere). Escape, the overlay and the close button dismiss it.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  hideDescription,
  flush,
  figure,
  children,
  className,
  testId,
  overlayTestId,
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={OVERLAY} data-testid={overlayTestId} />
        {figure ? (
          <Dialog.Content data-testid={testId} className={cn(CARD, 'pt-8 text-center', className)}>
            <DialogCloseButton className="absolute top-2 right-2" />
            {figure}
            <Dialog.Title className="mt-4 font-bold text-xl">{title}</Dialog.Title>
            <Dialog.Description className="mt-2 text-muted text-sm leading-relaxed">{description ?? title}</Dialog.Description>
            {children}
          </Dialog.Content>
        ) : (
          <Dialog.Content data-testid={testId} className={cn(SHEET, className)}>
            <div className="flex items-center gap-2 py-2 pr-2 pl-5">
              <Dialog.Title className="flex-1 font-bold text-lg">{title}</Dialog.Title>
              <DialogCloseButton />
            </div>
            {description ? (
              <Dialog.Description className={hideDescription ? 'sr-only' : '-mt-1 px-5 pb-2 text-muted text-sm'}>
                {description}
              </Dialog.Description>
            ) : (
              <Dialog.Description className="sr-only">{title}</Dialog.Description>
            )}
            {flush ? children : <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-5">{children}</div>}
          </Dialog.Content>
        )}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** The confirm button in the danger colour (deletions); otherwise the primary one. */
  danger?: boolean;
  busy?: boolean;
}

/** A question before something that cannot be undone (listener spec §5: delete needs a confirmation). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  danger = true,
  busy,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={OVERLAY} />
        <AlertDialog.Content data-testid="confirm-dialog" className={cn(CARD, 'dark:border dark:border-border')}>
          <AlertDialog.Title className="font-bold text-lg leading-snug">{title}</AlertDialog.Title>
          {description ? (
            <AlertDialog.Description className="mt-2 text-muted text-sm leading-relaxed">{description}</AlertDialog.Description>
          ) : (
            <AlertDialog.Description className="sr-only">{title}</AlertDialog.Description>
          )}
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{SHELL_TEXT.confirmDialog.button}</Button>
            </AlertDialog.Cancel>
            <Button
              variant={danger ? 'danger' : 'primary'}
              disabled={busy}
              onClick={(e) => {
                // the dialog stays while the action runs; the caller closes it
                e.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
