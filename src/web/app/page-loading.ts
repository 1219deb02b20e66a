import { useSyncExternalStore } from 'react';

/** How many page modules are loading now: RootLayout shows its loading bar while any is. */
let pending = 0;
const listeners = new Set<() => void>();

function emit(delta: number) {
  pending += delta;
  for (const l of listeners) l();
}

/** Counts a page module's load while it is under way. */
export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  emit(1);
  return load.finally(() => emit(-1));
}

export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending > 0,
    () => false,
  );
}
