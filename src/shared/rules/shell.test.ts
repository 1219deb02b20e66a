import { describe, expect, it } from 'vitest';
import { documentTitle, isFooterHiddenPath, isKeyboardOpen, isTrackPath, showsPlayerBar, trackIdFromPath } from './shell';

describe('isFooterHiddenPath (L-2.1-49, L-2.1-50, L-2.1-51)', () => {
  it('hides the footer on premium, invitation and closed-beta pages', () => {
    for (const p of [
      '/premium',
      '/premium-success',
      '/i/ABC123',
      '/invitation-required',
      '/closed-beta',
      '/pending-approval',
      '/access-denied',
      '/invalid-invitation',
      '/premium/',
    ]) {
      expect(isFooterHiddenPath(p), p).toBe(true);
    }
  });
  it('keeps it everywhere else', () => {
    for (const p of ['/', '/search', '/premiums', '/invite-friends', '/i', '/track/1', '/cancel']) {
      expect(isFooterHiddenPath(p), p).toBe(false);
    }
  });
});

describe('isTrackPath and hasOwnPlayer', () => {
  it('knows the three track detail routes', () => {
    expect(isTrackPath('/track/5')).toBe(true);
    expect(isTrackPath('/mugen/track/5')).toBe(true);
    expect(isTrackPath('/alice/track/5/')).toBe(true);
    expect(isTrackPath('/a/b/track/5')).toBe(false);
    expect(isTrackPath('/track')).toBe(false);
    expect(isTrackPath('/alice')).toBe(false);
  });
  it('reads the track id of a detail path', () => {
    expect(trackIdFromPath('/track/12')).toBe(12);
    expect(trackIdFromPath('/mugen/track/7/')).toBe(7);
    expect(trackIdFromPath('/track/abc')).toBeNull();
    expect(trackIdFromPath('/search')).toBeNull();
  });
});

describe('showsPlayerBar (L-2.4-18)', () => {
  it("shows the bar with a loaded track everywhere but home and that track's own page", () => {
    expect(showsPlayerBar('/search', 3)).toBe(true);
    expect(showsPlayerBar('/playlists/3', 3)).toBe(true);
    expect(showsPlayerBar('/', 3)).toBe(false);
    expect(showsPlayerBar('/track/3', 3)).toBe(false);
    expect(showsPlayerBar('/mugen/track/3', 3)).toBe(false);
    expect(showsPlayerBar('/track/4', 3)).toBe(true);
  });
  it('shows nothing before a track is loaded', () => {
    expect(showsPlayerBar('/search', null)).toBe(false);
  });
});

describe('isKeyboardOpen (L-2.1-52)', () => {
  it('needs a shrink of more than 150 px', () => {
    expect(isKeyboardOpen(844, 694)).toBe(false);
    expect(isKeyboardOpen(844, 693)).toBe(true);
    expect(isKeyboardOpen(844, 844)).toBe(false);
  });
});

describe('documentTitle (L-2.6-17)', () => {
  it('puts the page before the product name', () => {
    expect(documentTitle('朝のニュース')).toBe('朝のニュース | 無限 Mugen');
    expect(documentTitle()).toBe('無限 Mugen');
    expect(documentTitle('  ')).toBe('無限 Mugen');
  });
});
