import { describe, expect, it } from 'vitest';
import {
  accessRedirect,
  GATE_REFUSALS,
  gateRefusalOf,
  googleSignInUrl,
  keepsRefusedMember,
  needsAccessCheck,
  publicPathKind,
  withoutFromAuth,
} from './access';

describe('the access gate skips public paths (listener spec §2 Access gate)', () => {
  it('L-2.2-01: home without from_auth skips the check; with from_auth it runs', () => {
    expect(publicPathKind('/')).toBe('home');
    expect(publicPathKind('/', '?track=5')).toBe('home');
    expect(needsAccessCheck('/', '?from_auth=1')).toBe(true);
    expect(needsAccessCheck('/', '?track=3&from_auth=1')).toBe(true);
  });

  it('L-2.2-02: track paths skip it', () => {
    for (const p of ['/track/5', '/mugen/track/5', '/demo/track/12', '/track/5/']) expect(publicPathKind(p), p).toBe('track');
  });

  it('L-2.2-03: playlist paths skip it', () => {
    for (const p of ['/playlists', '/playlists/3', '/playlist/my-list', '/u/demo/my-list', '/demo/playlist/3']) {
      expect(publicPathKind(p), p).toBe('playlist');
    }
  });

  it('L-2.2-04: single-segment paths (public profiles and public pages) skip it', () => {
    for (const p of [
      '/demo',
      '/mugen',
      '/search',
      '/faq',
      '/terms',
      '/contact',
      '/premium',
      '/profile',
      '/invite-friends',
      '/create-playlist',
    ]) {
      expect(publicPathKind(p), p).toBe('profile');
    }
    // The public profile's other addresses.
    for (const p of ['/user/abc', '/demo/followers', '/demo/following']) expect(publicPathKind(p), p).toBe('profile');
  });

  it('L-2.2-05 L-2.2-06: invitation paths and the status pages skip it', () => {
    for (const p of ['/i/ABC123', '/invitation-required']) expect(publicPathKind(p, '?code=X'), p).toBe('invitation');
    for (const p of ['/closed-beta', '/pending-approval', '/access-denied', '/invalid-invitation'])
      expect(publicPathKind(p), p).toBe('status');
  });

  it('L-2.2-07 L-2.1-07 L-2.1-08 L-2.1-12: the pages the spec sends to /closed-beta call the check', () => {
    for (const p of ['/favorites', '/notifications', '/create-post', '/favorites/']) {
      expect(needsAccessCheck(p, '?tab=playlists'), p).toBe(true);
    }
  });

  it('checks any other path; only a path no page matches (the 404 page) is let through', () => {
    expect(needsAccessCheck('/a/b/c')).toBe(true);
    expect(publicPathKind('/a/b/c', '', { notFound: true })).toBe('not-found');
    expect(publicPathKind('/admin/users/u1')).toBe('admin');
  });
});

describe('accessRedirect (L-2.2-08 .. L-2.2-11)', () => {
  it('stays on approved access', () => {
    expect(accessRedirect({ hasAccess: true, reason: 'approved' })).toBeNull();
  });
  it('sends not authenticated, user not found and a failed check to /closed-beta', () => {
    expect(accessRedirect({ hasAccess: false, reason: 'not_authenticated' })).toBe('/closed-beta');
    expect(accessRedirect({ hasAccess: false, reason: 'user_not_found' })).toBe('/closed-beta');
    expect(accessRedirect('failed')).toBe('/closed-beta');
  });
  it('sends pending approval and denied access to their status pages', () => {
    expect(accessRedirect({ hasAccess: false, reason: 'pending_approval' })).toBe('/pending-approval');
    expect(accessRedirect({ hasAccess: false, reason: 'access_denied' })).toBe('/access-denied');
  });
});

describe('withoutFromAuth (L-2.2-13)', () => {
  it('removes from_auth and keeps the rest', () => {
    expect(withoutFromAuth('?from_auth=1')).toBe('');
    expect(withoutFromAuth('?tab=playlists&from_auth=1')).toBe('?tab=playlists');
    expect(withoutFromAuth('')).toBe('');
  });
});

describe('googleSignInUrl (L-7.1-05, L-7.1-06)', () => {
  it('carries redirect, invitation code and payment', () => {
    expect(googleSignInUrl()).toBe('/api/auth/google');
    expect(googleSignInUrl({ code: 'ABC123' })).toBe('/api/auth/google?code=ABC123');
    expect(googleSignInUrl({ redirect: '/notifications?x=1', payment: true })).toBe(
      '/api/auth/google?redirect=%2Fnotifications%3Fx%3D1&payment=true',
    );
  });
});

describe('the gate refusals of members-only calls (#18)', () => {
  it('knows only the pending and denied reasons, each with its status page and message', () => {
    expect(gateRefusalOf('pending_approval')).toBe('pending_approval');
    expect(gateRefusalOf('access_denied')).toBe('access_denied');
    expect(gateRefusalOf('daily_limit')).toBeNull();
    expect(gateRefusalOf(null)).toBeNull();
    expect(GATE_REFUSALS.pending_approval.page).toBe('/pending-approval');
    expect(GATE_REFUSALS.access_denied.page).toBe('/access-denied');
  });
  it('leaves a refused member on the status pages and the pages they may still need, nowhere else', () => {
    for (const p of ['/pending-approval', '/access-denied', '/contact', '/cancel', '/faq', '/terms/'])
      expect(keepsRefusedMember(p)).toBe(true);
    for (const p of ['/', '/favorites', '/track/1', '/create-post', '/mugen']) expect(keepsRefusedMember(p)).toBe(false);
  });
});
