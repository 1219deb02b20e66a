import { useEffect, useState } from 'react';

/**
 * A value that follows `value` once it has stopped changing for `ms`: the one debounce of the app
 * (search boxes, the category search, the console's member search).
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
