import { useEffect, useSyncExternalStore } from 'react';

/**
 * Pages may hide the footer (the bottom navigation, and the side navigation on a desktop) while
 * something covers the page: the support chat hides it while it is open (C-2.5-08). A count, so two
 * holders do not show it again early.
 */
let holders = 0;
const listeners = new Set<() => void>();

function set(next: number) {
  holders = next;
  for (const l of listeners) l();
}

/** Hides the footer while `active` (and the component is mounted). */
export function useHideFooter(active: boolean) {
  useEffect(() => {
    if (!active) return;
    set(holders + 1);
    return () => set(holders - 1);
  }, [active]);
}

/** Whether a page hides the footer now (read by the layout). */
export function useFooterHiddenByPage(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => holders > 0,
    () => false,
  );
}
