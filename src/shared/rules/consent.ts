/**
 * The cookie consent banner's choices (listener spec §2 Global interface): allow all, essential only
 * (also what closing the banner means), or a custom analytics choice. Essential cookies are always on.
 */
export type ConsentChoice = { kind: 'all' } | { kind: 'essential' } | { kind: 'custom'; analytics: boolean };

export interface ConsentFlags {
  cookieConsent: boolean;
  analyticsConsent: boolean;
}

export function consentFlags(choice: ConsentChoice): ConsentFlags {
  switch (choice.kind) {
    case 'all':
      return { cookieConsent: true, analyticsConsent: true };
    case 'essential':
      return { cookieConsent: true, analyticsConsent: false };
    case 'custom':
      return { cookieConsent: true, analyticsConsent: choice.analytics };
  }
}

/** The stored flags ('true' / 'false' strings), or null when no choice was made yet. */
export function readConsent(cookieConsent: string | null, analyticsConsent: string | null): ConsentFlags | null {
  if (cookieConsent !== 'true') return null;
  return { cookieConsent: true, analyticsConsent: analyticsConsent === 'true' };
}
