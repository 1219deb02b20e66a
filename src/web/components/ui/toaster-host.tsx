import { lazyPart } from '@web/lib/lazy-part';
import { useToasts } from '@web/lib/toast';
import { Suspense, useEffect, useState } from 'react';

const Toaster = lazyPart(async () => (await import('./toaster')).Toaster);

/** After the page has loaded and settled: the region is ready for F8 long before anyone needs it. */
const IDLE_AFTER_LOAD_MS = 3000;

/**
 * The notification region loads off the first play's path (it is Radix's toast, about 8 kB): at the
 * first toast, at the first F8, or once the page has been idle for a while after loading. An F8
 * pressed before it is there focuses it as soon as it is (L-9-13).
 */
export function ToasterHost() {
  const hasToast = useToasts().length > 0;
  const [wanted, setWanted] = useState(false);
  const [focusWhenReady, setFocusWhenReady] = useState(false);

  useEffect(() => {
    if (wanted) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F8') return;
      setWanted(true);
      setFocusWhenReady(true);
    };
    let idle = 0;
    const timer = setTimeout(() => {
      idle = window.requestIdleCallback?.(() => setWanted(true), { timeout: IDLE_AFTER_LOAD_MS }) ?? 0;
      if (!window.requestIdleCallback) setWanted(true);
    }, IDLE_AFTER_LOAD_MS);
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      if (idle) window.cancelIdleCallback?.(idle);
      document.removeEventListener('keydown', onKey);
    };
  }, [wanted]);

  if (!wanted && !hasToast) return null;
  return (
    <Suspense fallback={null}>
      <Toaster focusOnMount={focusWhenReady} />
    </Suspense>
  );
}
