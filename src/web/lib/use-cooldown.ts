import { useEffect, useState } from 'react';

/** After a click a sign-in button rests this long, so that a double tap cannot start two sign-ins. */
export const SIGN_IN_COOLDOWN_MS = 3000;

/** A control that rests for `ms` once used: `[cooling, start]`, start() at the use, disabled while cooling. */
export function useCooldown(ms: number = SIGN_IN_COOLDOWN_MS): [cooling: boolean, start: () => void] {
  const [cooling, setCooling] = useState(false);
  useEffect(() => {
    if (!cooling) return;
    const t = setTimeout(() => setCooling(false), ms);
    return () => clearTimeout(t);
  }, [cooling, ms]);
  return [cooling, () => setCooling(true)];
}
