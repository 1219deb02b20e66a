import { describe, expect, it } from 'vitest';
import {
  backgroundPlayAllowed,
  canEnableBackgroundPlay,
  isPwaMode,
  isPwaPath,
  parsePwaSetting,
  pathOutsidePwa,
  shouldAutoplay,
} from './pwa';

const browserTab = { iosStandalone: undefined, displayModeStandalone: false, pathname: '/', sessionFlag: null };

describe('PWA mode (listener spec §4.2)', () => {
  it('is off in an ordinary browser tab', () => {
    expect(isPwaMode(browserTab)).toBe(false);
    expect(isPwaMode({ ...browserTab, iosStandalone: false, sessionFlag: 'false' })).toBe(false);
  });

  it('L-4.2-13: iOS standalone or display-mode standalone', () => {
    expect(isPwaMode({ ...browserTab, iosStandalone: true })).toBe(true);
    expect(isPwaMode({ ...browserTab, displayModeStandalone: true })).toBe(true);
  });

  it('L-4.2-14: a path under /pwa/', () => {
    expect(isPwaMode({ ...browserTab, pathname: '/pwa/' })).toBe(true);
    expect(isPwaMode({ ...browserTab, pathname: '/pwa/track/3' })).toBe(true);
    expect(isPwaPath('/pwa')).toBe(true);
    expect(isPwaPath('/pwashop')).toBe(false);
    expect(isPwaPath('/search/pwa/')).toBe(false);
  });

  it("L-4.2-15: the session flag 'true'", () => {
    expect(isPwaMode({ ...browserTab, sessionFlag: 'true' })).toBe(true);
  });
});

describe('PWA switches (L-3-26)', () => {
  it("are on only when stored as 'true'", () => {
    expect(parsePwaSetting('true')).toBe(true);
    expect(parsePwaSetting('false')).toBe(false);
    expect(parsePwaSetting(null)).toBe(false);
    expect(parsePwaSetting('1')).toBe(false);
  });

  it('background play can be switched on only by a premium member', () => {
    expect(canEnableBackgroundPlay(true)).toBe(true);
    expect(canEnableBackgroundPlay(false)).toBe(false);
  });
});

describe('PWA mode (L-4.2-13, L-4.2-14, L-4.2-15)', () => {
  it('is iOS standalone, display-mode standalone, a path under /pwa/ or the session flag', () => {
    expect(isPwaMode(browserTab)).toBe(false);
    expect(isPwaMode({ ...browserTab, iosStandalone: false })).toBe(false);
    expect(isPwaMode({ ...browserTab, iosStandalone: true })).toBe(true);
    expect(isPwaMode({ ...browserTab, displayModeStandalone: true })).toBe(true);
    expect(isPwaMode({ ...browserTab, pathname: '/pwa/' })).toBe(true);
    expect(isPwaMode({ ...browserTab, pathname: '/pwa/track/3' })).toBe(true);
    expect(isPwaMode({ ...browserTab, pathname: '/pwa' })).toBe(true);
    expect(isPwaMode({ ...browserTab, pathname: '/pwabc' })).toBe(false);
    expect(isPwaMode({ ...browserTab, sessionFlag: 'true' })).toBe(true);
    expect(isPwaMode({ ...browserTab, sessionFlag: 'false' })).toBe(false);
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
