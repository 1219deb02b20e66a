import { APP_TEXT } from '@shared/messages/app';
import { lazyPart } from '@web/lib/lazy-part';
import { Menu } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';

const MenuDrawerPanel = lazyPart(async () => (await import('./menu-drawer-panel')).MenuDrawerPanel);

declare global {
  interface Window {
    /** Set by index.html's script when the first paint's menu button was tapped before the app loaded. */
    __mugenMenu?: boolean;
  }
}

/** Was the static header's menu button tapped before the app had loaded? Read once. */
function takeStaticMenuTap(): boolean {
  if (typeof window === 'undefined' || !window.__mugenMenu) return false;
  window.__mugenMenu = undefined;
  return true;
}

/**
 * The menu button. The drawer (menu-drawer-panel.tsx) and its dialogs are loaded on first use, so the
 * home route's first download stays small; the drawer returns focus to this button when it closes.
 * index.html paints this button before the app has loaded (issue 20); a tap on that copy opens the menu
 * as soon as the app is there.
 */
export function MenuDrawer() {
  const [open, setOpen] = useState(takeStaticMenuTap);
  const [used, setUsed] = useState(open);
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
