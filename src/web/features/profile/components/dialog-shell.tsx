import { cn } from '@web/lib/cn';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

interface DialogShellProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** Visually hidden description when the dialog's content says it already. */
  hideDescription?: boolean;
  children: ReactNode;
  className?: string;
  testId?: string;
}

/** My Page's dialogs: centred card, closes on Escape, overlay click and the × button. */
export function DialogShell({ open, onOpenChange, title, description, hideDescription, children, className, testId }: DialogShellProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/45 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          data-testid={testId}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100%-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-3xl bg-bg shadow-card outline-none dark:border dark:border-border data-[state=open]:animate-dialog-in',
            className,
          )}
        >
          <div className="flex items-center gap-2 border-border border-b py-2 pr-2 pl-5">
            <Dialog.Title className="flex-1 font-bold text-lg">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="閉じる"
              className="inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className={hideDescription ? 'sr-only' : 'px-5 pt-3 text-muted text-sm'}>{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
