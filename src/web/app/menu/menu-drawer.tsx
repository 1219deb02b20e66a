import { APP_TEXT } from '@shared/messages/app';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';

const MenuDrawerPanel = lazy(async () => ({ default: (await import('./menu-drawer-panel')).MenuDrawerPanel }));

/**
 * The menu button. The drawer (menu-drawer-panel.tsx) and its dialogs are loaded on first use, so the
 * home route's first download stays small; the drawer returns focus to this button when it closes.
 */
export function MenuDrawer() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={APP_TEXT.menuDrawer.menuButtonLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={() => void import('./menu-drawer-panel').catch(() => {})}
        className="inline-flex size-11 items-center justify-center rounded-full text-fg hover:bg-surface"
        data-testid="menu-button"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {used && (
        <Suspense fallback={null}>
          <MenuDrawerPanel open={open} setOpen={setOpen} buttonRef={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
