import { describe, expect, it } from 'vitest';
import { canEnableBackgroundPlay, isPwaMode, isPwaPath, parsePwaSetting } from './pwa';

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
