import { DAY_MS, STORAGE_KEYS } from '@shared/constants';
import { isActivePremium } from '@shared/rules/premium';
import { readStored, removeStored, writeStored } from '@web/lib/storage';
import { useSyncExternalStore } from 'react';

/**
 * The 30-day fallback of a paid checkout (creator-operator spec §4 Payment, §8, §9): when the upgrade
 * call fails after the payment, or the success page cannot check the status, the browser goes on
 * showing premium for 30 days. Display only: the server never reads it and decides every premium
 * right itself; the server's premium answer, a pause or a cancel ends it.
 */
export const FALLBACK_DAYS = 30;

const listeners = new Set<() => void>();
let snapshot: string | null | undefined;

export function getPremiumFallback(): string | null {
  if (snapshot === undefined) snapshot = readStored('local', STORAGE_KEYS.premiumFallback);
  return snapshot;
}

function changed() {
  snapshot = undefined;
  for (const l of listeners) l();
}

/** Grants the fallback: its end is now + 30 days (C-2.2-10, C-4-26); returns that end. */
export function grantPremiumFallback(now: Date = new Date()): string {
  const end = new Date(now.getTime() + FALLBACK_DAYS * DAY_MS).toISOString();
  writeStored('local', STORAGE_KEYS.premiumFallback, end);
  changed();
  return end;
}

export function clearPremiumFallback() {
  if (getPremiumFallback() === null) return;
  removeStored('local', STORAGE_KEYS.premiumFallback);
  changed();
}

/** The fallback's end while it runs, else null. */
export function activeFallback(value: string | null, now: Date): string | null {
  return value && isActivePremium(true, value, now) ? value : null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.premiumFallback) changed();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function usePremiumFallback(): string | null {
  return useSyncExternalStore(subscribe, getPremiumFallback, getPremiumFallback);
}
