import { Popover } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';

interface AnchoredPopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button it belongs to: its anchor, where focus returns, and a press on it toggles (no dismiss-then-reopen). */
  anchorRef: RefObject<HTMLButtonElement | null>;
  testId?: string;
  children: ReactNode;
}

/** A small card under the end of its button (Radix Popover), kept inside the screen; outside presses and Escape close it. */
export function AnchoredPopover({ open, onOpenChange, anchorRef, testId, children }: AnchoredPopoverProps) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchorRef as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={12}
          onInteractOutside={(e) => {
            if (anchorRef.current?.contains(e.target as Node)) e.preventDefault();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            anchorRef.current?.focus();
          }}
          className="z-50 min-w-[200px] max-w-[20rem] rounded-2xl border border-border bg-bg p-2 shadow-card outline-none data-[state=open]:animate-fade-in"
          data-testid={testId}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
