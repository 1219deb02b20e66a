import { cn } from '@web/lib/cn';
import { Dialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { DialogCloseButton, type DialogShown } from './dialog';

interface DrawerProps extends DialogShown {
  title: string;
  /** Read by screen readers only. */
  description: string;
  /** The × button's accessible name. */
  closeLabel: string;
  /** Shown before the title (a logo). */
  leading?: ReactNode;
  /** Where focus goes when the drawer closes (the button that opened it). */
  returnFocus: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/** A side drawer sliding in from the end edge (a Radix Dialog): title bar with ×, then the children. */
export function Drawer({ open, onOpenChange, title, description, closeLabel, leading, returnFocus, children }: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus.current?.focus();
          }}
          className={cn(
            'fixed inset-y-0 right-0 z-50 flex w-[min(20rem,86vw)] flex-col bg-bg shadow-card outline-none data-[state=open]:animate-sheet-in',
            'pt-[env(safe-area-inset-top)] pr-[env(safe-area-inset-right)] pb-[env(safe-area-inset-bottom)]',
          )}
        >
          <div className="flex items-center gap-2 border-border border-b py-2 pr-2 pl-4">
            {leading}
            <Dialog.Title className="flex-1 font-bold text-lg">{title}</Dialog.Title>
            <DialogCloseButton label={closeLabel} />
          </div>
          <Dialog.Description className="sr-only">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
