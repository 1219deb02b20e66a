import { STORAGE_KEYS } from '@shared/constants';
import type { LocalPremium } from '@shared/rules/premium';
import { readStored, removeStored, writeStored } from '@web/lib/storage';
import { useSyncExternalStore } from 'react';

/**
 * The premium flag and expiry this browser keeps (listener spec §3, §4): the last server answer, or
 * premium set locally. Only changes what the browser shows; the server decides every premium right.
 */
const listeners = new Set<() => void>();
let snapshot: LocalPremium | null = null;

export function getLocalPremium(): LocalPremium {
  snapshot ??= { flag: readStored('local', STORAGE_KEYS.premium), expiry: readStored('local', STORAGE_KEYS.premiumExpiry) };
  return snapshot;
}

function changed() {
  snapshot = null;
  for (const l of listeners) l();
}

/** Writes the flags, or removes them with null; nothing happens when they already hold that. */
export function writeLocalPremium(store: { flag: string; expiry: string } | null) {
  const current = getLocalPremium();
  if (store) {
    if (current.flag === store.flag && current.expiry === store.expiry) return;
    writeStored('local', STORAGE_KEYS.premium, store.flag);
    writeStored('local', STORAGE_KEYS.premiumExpiry, store.expiry);
  } else {
    if (current.flag === null && current.expiry === null) return;
    removeStored('local', STORAGE_KEYS.premium);
    removeStored('local', STORAGE_KEYS.premiumExpiry);
  }
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.premium || e.key === STORAGE_KEYS.premiumExpiry) changed();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useLocalPremium(): LocalPremium {
  return useSyncExternalStore(subscribe, getLocalPremium, getLocalPremium);
}
