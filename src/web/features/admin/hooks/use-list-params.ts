import { SEARCH_DEBOUNCE_MS } from '@shared/constants';
import { useDebounced } from '@web/lib/use-debounced';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A console list's page and search, kept in the address (?page=, ?q=) beside the tab so a reload stays:
 * the typed term becomes the search once typing settles (SEARCH_DEBOUNCE_MS, spec §9), or at once when
 * submitted; a new term starts on page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const search = (params.get('q') ?? '').trim();
  const [typed, setTyped] = useState(search);

  const update = (next: { page?: number; q?: string }) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next.page !== undefined) {
          if (next.page > 1) p.set('page', String(next.page));
          else p.delete('page');
        }
        if (next.q !== undefined) {
          if (next.q) p.set('q', next.q);
          else p.delete('q');
        }
        return p;
      },
      { replace: true, preventScrollReset: true },
    );

  const updateRef = useRef(update);
  updateRef.current = update;
  // The typed term while it differs from the search (null when they agree), once typing settles.
  const settled = useDebounced(typed.trim() === search ? null : typed.trim(), SEARCH_DEBOUNCE_MS);
  const searchRef = useRef(search);
  searchRef.current = search;
  useEffect(() => {
    if (settled !== null && settled !== searchRef.current) updateRef.current({ q: settled, page: 1 });
  }, [settled]);

  // Stable, so a list's effects can depend on it.
  const setPage = useCallback((p: number) => updateRef.current({ page: p }), []);

  return {
    page,
    search,
    /** The search box's text. */
    typed,
    setTyped,
    setPage,
    /** The typed term searched now (the box's form submitted). */
    submit: () => update({ q: typed.trim(), page: 1 }),
    /** No search, from page 1. */
    clear: () => {
      setTyped('');
      update({ q: '', page: 1 });
    },
  };
}
