import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AudioEngine, PlayerSnapshot } from './engine';

export const PlayerContext = createContext<AudioEngine | null>(null);

/** The shared audio engine: transport actions (play, next, seek, speed…). */
export function usePlayer(): AudioEngine {
  const engine = useContext(PlayerContext);
  if (!engine) throw new Error('usePlayer needs the PlayerProvider');
  return engine;
}

/** The player's state, re-read on every change (including time updates). */
export function usePlayerState(): PlayerSnapshot {
  const engine = usePlayer();
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
}

/** One value of the player's state; the component re-renders only when that value changes. */
export function usePlayerValue<T extends string | number | boolean | null | undefined | object>(select: (s: PlayerSnapshot) => T): T {
  const engine = usePlayer();
  return useSyncExternalStore(
    engine.subscribe,
    () => select(engine.getSnapshot()),
    () => select(engine.getSnapshot()),
  );
}
