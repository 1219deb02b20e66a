import { STORAGE_KEYS } from '@shared/constants';
import { type ConsentFlags, readConsent } from '@shared/rules/consent';
import { api } from '@web/lib/api';
import { readStored, writeStored } from '@web/lib/storage';

/** A random UUID v4; crypto.randomUUID exists only in secure contexts (not on a LAN address over http). */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The browser session's id: a random UUID kept in session storage (listener spec §3, L-3-19). */
export function sessionId(): string {
  const stored = readStored('session', STORAGE_KEYS.sessionId);
  if (stored && /^[0-9a-f-]{36}$/i.test(stored)) return stored;
  const id = randomUuid();
  writeStored('session', STORAGE_KEYS.sessionId, id);
  return id;
}

export function storedConsent(): ConsentFlags | null {
  return readConsent(readStored('local', STORAGE_KEYS.cookieConsent), readStored('local', STORAGE_KEYS.analyticsConsent));
}

export function storeConsent(flags: ConsentFlags) {
  writeStored('local', STORAGE_KEYS.cookieConsent, String(flags.cookieConsent));
  writeStored('local', STORAGE_KEYS.analyticsConsent, String(flags.analyticsConsent));
}

/** POST /api/session: the consent record of this browser session. Its answer is not used; a failure is logged. */
export async function recordConsent(flags: ConsentFlags): Promise<void> {
  try {
    await api('/api/session', { method: 'POST', body: { id: sessionId(), ...flags } });
  } catch (e) {
    console.error('[consent] could not record the consent session', e);
  }
  // The spec loads an analytics script (anonymised IP) only under analyticsConsent. This offline build
  // has no third-party analytics at all, so there is nothing to load here, whatever the choice.
}
