import { STORAGE_KEYS } from '@shared/constants';
import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from './storage';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

/** Light by default (L-2.4-24); index.html applies a stored dark theme before the first paint. */
function current(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function setTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  writeStored('local', STORAGE_KEYS.theme, theme);
  for (const l of listeners) l();
}

/** Applies the stored theme (also when another tab changed it). */
export function syncStoredTheme() {
  const stored = readStored('local', STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
  if (stored !== current()) setTheme(stored);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.theme) syncStoredTheme();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, current, () => 'light');
}
