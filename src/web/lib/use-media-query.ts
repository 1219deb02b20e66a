import { useSyncExternalStore } from 'react';

/** The desktop layout's width (DESIGN.md, Tailwind's lg): side navigation, columns, the bar along the bottom. */
export const DESKTOP_QUERY = '(min-width: 1024px)';

/** Whether a media query matches now, following its changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
