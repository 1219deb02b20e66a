import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Premium-only content a free listener chose to play (#24.11): the player, above the router, asks for
 * /premium here, and the root layout, inside the router, goes there.
 */
const listeners = new Set<() => void>();

/** Opens /premium (from the player's hook). */
export function askForPremium() {
  for (const listener of listeners) listener();
}

/** Mounted once inside the router: navigates to /premium when asked. */
export function usePremiumGate() {
  const navigate = useNavigate();
  useEffect(() => {
    const go = () => void navigate('/premium');
    listeners.add(go);
    return () => {
      listeners.delete(go);
    };
  }, [navigate]);
}
