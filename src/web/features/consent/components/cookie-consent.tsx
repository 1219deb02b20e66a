import { useEffect, useState } from 'react';
import { recordConsent, storedConsent } from '../api/record-consent';
import { CookieConsentBanner } from './cookie-consent-banner';

/** The stored choice is sent once per page load, not again on each render of the shell. */
let recordedThisLoad = false;

/**
 * The cookie consent: the banner when no choice is stored; otherwise the stored choice is sent once per
 * page load as POST /api/session (listener spec §2, L-2.4-12 .. L-2.4-17). The banner is in the first
 * download (2 kB): on a first visit it is part of the first screen, and loading it later would paint it
 * late, as the page's largest text.
 */
export function CookieConsent() {
  const [stored] = useState(storedConsent);
  useEffect(() => {
    if (!stored || recordedThisLoad) return;
    recordedThisLoad = true;
    void recordConsent(stored);
  }, [stored]);
  if (stored) return null;
  return <CookieConsentBanner />;
}
