import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

/** The route that would render a path: its pattern, and the page title of a 準備中 page. */
function leaf(path: string) {
  const m = matchRoutes(routes, path);
  const last = m?.at(-1)?.route;
  return { path: last?.index ? '/' : last?.path, title: (last?.handle as { title?: string } | undefined)?.title };
}

describe("the route table is the spec's (listener spec §2)", () => {
  it('routes every listed path to its page', () => {
    const expected: [string, string][] = [
      ['/', '/'],
      ['/search', '/search'],
      ['/create-post', '/create-post'],
      ['/notifications', '/notifications'],
      ['/profile', '/profile'],
      ['/favorites', '/favorites'],
      ['/playlists', '/playlists'],
      ['/create-playlist', '/create-playlist'],
      ['/playlists/12', '/playlists/:id'],
      ['/playlist/my-list', '/playlist/:slug'],
      ['/u/alice/my-list', '/u/:userId/:slug'],
      ['/alice/playlist/12', '/:userId/playlist/:id'],
      ['/track/5', '/track/:id'],
      ['/mugen/track/5', '/mugen/track/:id'],
      ['/alice/track/5', '/:userId/track/:id'],
      ['/user/abc', '/user/:id'],
      ['/alice', '/:userId'],
      ['/alice/followers', '/:id/followers'],
      ['/alice/following', '/:id/following'],
      ['/mugen', '/mugen'],
      ['/pwa/', '/pwa/*'],
      ['/pwa/faq', '/pwa/*'],
      ['/premium', '/premium'],
      ['/premium-success', '/premium-success'],
      ['/cancel', '/cancel'],
      ['/i/ABCD1234', '/i/:code'],
      ['/invitation-required', '/invitation-required'],
      ['/closed-beta', '/closed-beta'],
      ['/pending-approval', '/pending-approval'],
      ['/access-denied', '/access-denied'],
      ['/invalid-invitation', '/invalid-invitation'],
      ['/invite-friends', '/invite-friends'],
      ['/faq', '/faq'],
      ['/terms', '/terms'],
      ['/privacy', '/privacy'],
      ['/commercial-law', '/commercial-law'],
      ['/contact', '/contact'],
      ['/audio-test', '/audio-test'],
      ['/admin', '/admin'],
      ['/admin/users', '/admin/users'],
      ['/admin/users/u1', '/admin/users/:userId'],
      ['/admin/monitoring', '/admin/monitoring'],
    ];
    for (const [path, pattern] of expected) expect(leaf(path).path, path).toBe(pattern);
  });

  it('sends unknown paths of two or more segments to the 404 page, never to a profile (L-2.1-48)', () => {
    for (const path of ['/a/b/c', '/a/b', '/alice/track', '/track/5/extra', '/admin/users/u1/x', '/i/code/more']) {
      expect(leaf(path).path, path).toBe('*');
    }
  });

  it('labels each 準備中 page with its own name', () => {
    expect(leaf('/search').title).toBe('検索');
    expect(leaf('/alice').title).toBe('プロフィール');
    expect(leaf('/track/5').title).toBeUndefined();
  });
});
