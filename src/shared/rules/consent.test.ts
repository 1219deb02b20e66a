import { describe, expect, it } from 'vitest';
import { consentFlags, readConsent } from './consent';

describe('cookie consent (L-2.4-12 .. L-2.4-17, L-3-20)', () => {
  it('allow all turns analytics on; essential only (and closing) leaves it off', () => {
    expect(consentFlags({ kind: 'all' })).toEqual({ cookieConsent: true, analyticsConsent: true });
    expect(consentFlags({ kind: 'essential' })).toEqual({ cookieConsent: true, analyticsConsent: false });
  });
  it('the custom choice takes the analytics switch; essential is always on', () => {
    expect(consentFlags({ kind: 'custom', analytics: true })).toEqual({ cookieConsent: true, analyticsConsent: true });
    expect(consentFlags({ kind: 'custom', analytics: false })).toEqual({ cookieConsent: true, analyticsConsent: false });
  });
  it('reads the stored flags; nothing stored means no choice yet', () => {
    expect(readConsent(null, null)).toBeNull();
    expect(readConsent('true', 'false')).toEqual({ cookieConsent: true, analyticsConsent: false });
    expect(readConsent('true', 'true')).toEqual({ cookieConsent: true, analyticsConsent: true });
    expect(readConsent('garbage', 'true')).toBeNull();
  });
});
