import { useSearchParams } from 'react-router';

/**
 * A page's tab kept in ?tab= so a reload stays on it: the tab read through `pick` (which turns an
 * unknown value into the default) and its setter, which replaces the history entry. `alone` drops the
 * other parameters on a change (the console: a tab's page and search belong to that tab only).
 */
export function useTabParam<T extends string>(pick: (value: string | null) => T, { alone = false } = {}) {
  const [params, setParams] = useSearchParams();
  const setTab = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(alone ? undefined : prev);
        next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return [pick(params.get('tab')), setTab] as const;
}
