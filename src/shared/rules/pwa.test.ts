import { describe, expect, it } from 'vitest';
import { backgroundPlayAllowed, isPwaMode, pathOutsidePwa, shouldAutoplay } from './pwa';

const none = { iosStandalone: undefined, displayModeStandalone: false, pathname: '/', sessionFlag: null };

describe('PWA mode (L-4.2-13, L-4.2-14, L-4.2-15)', () => {
  it('is iOS standalone, display-mode standalone, a path under /pwa/ or the session flag', () => {
    expect(isPwaMode(none)).toBe(false);
    expect(isPwaMode({ ...none, iosStandalone: false })).toBe(false);
    expect(isPwaMode({ ...none, iosStandalone: true })).toBe(true);
    expect(isPwaMode({ ...none, displayModeStandalone: true })).toBe(true);
    expect(isPwaMode({ ...none, pathname: '/pwa/' })).toBe(true);
    expect(isPwaMode({ ...none, pathname: '/pwa/track/3' })).toBe(true);
    expect(isPwaMode({ ...none, pathname: '/pwa' })).toBe(true);
    expect(isPwaMode({ ...none, pathname: '/pwabc' })).toBe(false);
    expect(isPwaMode({ ...none, sessionFlag: 'true' })).toBe(true);
    expect(isPwaMode({ ...none, sessionFlag: 'false' })).toBe(false);
  });

  it('a /pwa/ address stands for the same page without the prefix', () => {
    expect(pathOutsidePwa('/pwa/')).toBe('/');
    expect(pathOutsidePwa('/pwa')).toBe('/');
    expect(pathOutsidePwa('/pwa/mugen/track/3')).toBe('/mugen/track/3');
    expect(pathOutsidePwa('/search')).toBe('/search');
  });
});

describe('background play (L-4.2-18, L-4.2-19, L-4.2-20)', () => {
  it('only for a premium member with the switch on, in PWA mode', () => {
    expect(backgroundPlayAllowed({ premium: true, switchValue: 'true', pwa: true })).toBe(true);
    expect(backgroundPlayAllowed({ premium: false, switchValue: 'true', pwa: true })).toBe(false);
    expect(backgroundPlayAllowed({ premium: true, switchValue: 'false', pwa: true })).toBe(false);
    expect(backgroundPlayAllowed({ premium: true, switchValue: null, pwa: true })).toBe(false);
    expect(backgroundPlayAllowed({ premium: true, switchValue: 'true', pwa: false })).toBe(false);
  });
});

describe('PWA autoplay (L-4.2-16)', () => {
  it('in PWA mode with the switch on, once per session', () => {
    expect(shouldAutoplay({ pwa: true, switchValue: 'true', hasAutoplayed: null })).toBe(true);
    expect(shouldAutoplay({ pwa: true, switchValue: 'true', hasAutoplayed: 'true' })).toBe(false);
    expect(shouldAutoplay({ pwa: false, switchValue: 'true', hasAutoplayed: null })).toBe(false);
    expect(shouldAutoplay({ pwa: true, switchValue: null, hasAutoplayed: null })).toBe(false);
  });
});
