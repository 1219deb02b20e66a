import { STORAGE_KEYS } from '@shared/constants';
import { msUntilNextMinute, parseTrial, startTrial, type TrialState, trialRemainingMs } from '@shared/rules/premium';
import { readStored, removeStored, writeStored } from '@web/lib/storage';
import { useEffect, useState, useSyncExternalStore } from 'react';

/** The one-time 24-hour 2x trial, kept in local storage (listener spec §3, §4 Premium and trial). */
const listeners = new Set<() => void>();
let snapshot: TrialState | null = null;

export function getTrial(): TrialState {
  snapshot ??= parseTrial({
    start: readStored('local', STORAGE_KEYS.trialStart),
    expiry: readStored('local', STORAGE_KEYS.trialExpiry),
    used: readStored('local', STORAGE_KEYS.trialUsed),
  });
  return snapshot;
}

function changed() {
  snapshot = null;
  for (const l of listeners) l();
}

/** Starts the trial: expiry 24 hours ahead (L-4.1-08), marked used for good (L-4.1-12). */
export function beginTrial(now: number) {
  const t = startTrial(now);
  writeStored('local', STORAGE_KEYS.trialStart, String(t.start));
  writeStored('local', STORAGE_KEYS.trialExpiry, String(t.expiry));
  writeStored('local', STORAGE_KEYS.trialUsed, 'true');
  changed();
}

/** Ends and clears a trial (at zero, or when premium begins); the used mark stays (decision 0008). */
export function clearTrial() {
  const t = getTrial();
  if (t.start === null && t.expiry === null) return;
  removeStored('local', STORAGE_KEYS.trialStart);
  removeStored('local', STORAGE_KEYS.trialExpiry);
  writeStored('local', STORAGE_KEYS.trialUsed, 'true');
  changed();
}

const KEYS: readonly string[] = [STORAGE_KEYS.trialStart, STORAGE_KEYS.trialExpiry, STORAGE_KEYS.trialUsed];

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || KEYS.includes(e.key)) changed();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The trial with the time left, re-read when the shown minute changes (L-4.1-10), so a label of hours
 * and minutes is always current and disappears at zero.
 */
export function useTrial(): { trial: TrialState; now: number; remainingMs: number } {
  const trial = useSyncExternalStore(subscribe, getTrial, getTrial);
  const [now, setNow] = useState(() => Date.now());
  const current = Math.max(now, Date.now());
  const remainingMs = trialRemainingMs(trial, current);
  useEffect(() => {
    const left = trialRemainingMs(trial, Math.max(now, Date.now()));
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), msUntilNextMinute(left));
    return () => clearTimeout(timer);
  }, [trial, now]);
  return { trial, now: current, remainingMs };
}
