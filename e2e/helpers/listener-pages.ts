/**
 * The listener's pages, as the layout-shift journey (e2e/one-look.spec.ts) and bench/web visit them: the
 * address (with the ids of the run's catalogue filled in) and, for the journey, the state that says the
 * page has drawn its content, signed out and signed in.
 */
export interface ListenerPage {
  name: string;
  path: string;
  /** A CSS selector that matches once the page's content is in place, for a visitor and for a member. */
  ready: { out: string; in: string };
}

export interface PageIds {
  /** An official track (the catalogue's first). */
  officialTrackId: number;
  /** A track of the demo member, at /demo/track/{id}. */
  memberTrackId: number;
}

const rows = '[data-testid="track-row"]';
/** Signed out, a members' page is the closed-beta page (the access gate) or asks to sign in. */
const loginRequired = '[data-testid="closed-beta"], [data-testid$="login-required"]';

export function listenerPages(ids: PageIds): ListenerPage[] {
  return [
    { name: 'home', path: '/', ready: both('[data-testid="hero-player"] button[data-ready="true"]') },
    { name: 'search', path: '/search', ready: both(`[data-testid="search-results"] ${rows}`) },
    {
      name: 'search: keyword',
      path: `/search?search=${encodeURIComponent('温泉')}`,
      ready: both(`[data-testid="search-results"] ${rows}`),
    },
    {
      name: 'search: category',
      path: `/search?category=${encodeURIComponent('ニュース')}`,
      ready: both(`[data-testid="search-results"] ${rows}`),
    },
    { name: 'track (official)', path: `/mugen/track/${ids.officialTrackId}`, ready: both('[data-testid="track-detail"]') },
    { name: 'track (member)', path: `/demo/track/${ids.memberTrackId}`, ready: both('[data-testid="track-detail"]') },
    { name: 'official profile', path: '/mugen', ready: both(`[data-testid="profile-tracks"] ${rows}`) },
    { name: 'member profile', path: '/demo', ready: both(`[data-testid="profile-tracks"] ${rows}`) },
    { name: 'followers', path: '/demo/followers', ready: both('[data-testid="follow-list"], [data-testid="follow-list-empty"]') },
    {
      name: 'my page',
      path: '/profile',
      ready: {
        out: loginRequired,
        in: '[data-testid="my-page"] [data-testid="favorites-list"], [data-testid="my-page"] [data-testid="empty-state"]',
      },
    },
    {
      name: 'my page: playlists',
      path: '/profile?tab=playlists',
      ready: {
        out: loginRequired,
        in: '[data-testid="my-page"] [data-testid="playlists-heading"], [data-testid="my-page"] [data-testid="empty-state"]',
      },
    },
    {
      name: 'my page: my tracks',
      path: '/profile?tab=my-tracks',
      ready: {
        out: loginRequired,
        in: '[data-testid="my-page"] [data-testid="my-tracks-list"], [data-testid="my-page"] [data-testid="empty-state"]',
      },
    },
    {
      name: 'favourites',
      path: '/favorites',
      ready: { out: loginRequired, in: '[data-testid="favorites-list"], [data-testid="favorites-empty"]' },
    },
    {
      name: 'playlists',
      path: '/playlists',
      ready: { out: loginRequired, in: '[data-testid="my-playlists"], [data-testid="playlists-empty"]' },
    },
    { name: 'create playlist', path: '/create-playlist', ready: { out: loginRequired, in: '[data-testid="create-playlist-form"]' } },
    {
      name: 'notifications',
      path: '/notifications',
      ready: { out: loginRequired, in: '[data-testid="notification-list"], [data-testid="notifications-empty"]' },
    },
    { name: 'create post', path: '/create-post', ready: { out: loginRequired, in: '[data-testid="creation-counter"]' } },
    { name: 'invite friends', path: '/invite-friends', ready: { out: loginRequired, in: '[data-testid="invite-friends"]' } },
    { name: 'premium', path: '/premium', ready: both('[data-testid="premium-page"]') },
    { name: 'not found', path: '/no/such/page/here', ready: both('[data-testid="not-found"]') },
  ];
}

function both(selector: string) {
  return { out: selector, in: selector };
}
