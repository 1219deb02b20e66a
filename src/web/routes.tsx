import { APP_TEXT } from '@shared/messages/app';
import { type ComponentType, lazy, useMemo } from 'react';
import { matchRoutes, type RouteObject, renderMatches, useLocation } from 'react-router';
import { trackPageLoad } from './app/page-loading';
import { RootLayout } from './app/root-layout';
import { HomeRoute } from './features/tracks/routes/home';
import { RouteMatchContext } from './lib/route-match';

/**
 * A page whose code loads when it is first shown (React.lazy). Navigations are transitions, so the
 * page on screen stays until the next one is ready, with the loading bar of RootLayout meanwhile.
 */
function page(load: () => Promise<ComponentType>) {
  const Page = lazy(() => trackPageLoad(load().then((Component) => ({ default: Component }))));
  return <Page />;
}

const trackDetail = page(async () => (await import('./features/tracks/routes/track')).TrackRoute);

/**
 * The spec's route table (listener spec §2): the home page is in the first download (it is where the
 * radio starts), every other page lazy. Static segments rank above dynamic ones,
 * so /mugen, /search… win over the single-segment profile catch-all /:userId, and any path of more
 * segments that no route names falls to the 404 page.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      {
        path: '/search',
        handle: { title: APP_TEXT.routes.searchTitle },
        element: page(async () => (await import('./app/routes/search')).SearchRoute),
      },
      {
        path: '/create-post',
        handle: { title: APP_TEXT.routes.createPostTitle },
        element: page(async () => (await import('./app/routes/create-post')).CreatePostPage),
      },
      {
        path: '/notifications',
        handle: { title: APP_TEXT.routes.notificationsTitle },
        element: page(async () => (await import('./features/notifications/routes/notifications')).NotificationsRoute),
      },
      { path: '/profile', element: page(async () => (await import('./app/routes/my-page')).MyPageRoute) },
      {
        path: '/favorites',
        handle: { title: APP_TEXT.routes.favoritesTitle },
        element: page(async () => (await import('./features/likes/routes/favorites')).FavoritesRoute),
      },
      {
        path: '/playlists',
        handle: { title: APP_TEXT.routes.playlistTitle },
        element: page(async () => (await import('./features/playlists/routes/playlists')).PlaylistsRoute),
      },
      {
        path: '/create-playlist',
        handle: { title: APP_TEXT.routes.createPlaylistTitle },
        element: page(async () => (await import('./features/playlists/routes/create-playlist')).CreatePlaylistRoute),
      },
      {
        path: '/playlists/:id',
        handle: { title: APP_TEXT.routes.playlistTitle },
        element: page(async () => (await import('./features/playlists/routes/playlist')).PlaylistRoute),
      },
      {
        path: '/playlist/:slug',
        handle: { title: APP_TEXT.routes.playlistTitle },
        element: page(async () => (await import('./features/playlists/routes/playlist')).PublicSlugRoute),
      },
      {
        path: '/u/:userId/:slug',
        handle: { title: APP_TEXT.routes.playlistTitle },
        element: page(async () => (await import('./features/playlists/routes/playlist')).PublicUserSlugRoute),
      },
      {
        path: '/:userId/playlist/:id',
        handle: { title: APP_TEXT.routes.playlistTitle },
        element: page(async () => (await import('./features/playlists/routes/playlist')).UserPlaylistRoute),
      },
      { path: '/track/:id', element: trackDetail },
      { path: '/mugen/track/:id', element: trackDetail },
      { path: '/:userId/track/:id', element: trackDetail },
      {
        path: '/user/:id',
        handle: { title: APP_TEXT.routes.profileTitle },
        element: page(async () => (await import('./app/routes/profile')).ProfileRoute),
      },
      {
        path: '/:id/followers',
        handle: { title: APP_TEXT.routes.followersTitle },
        element: page(async () => (await import('./app/routes/follow-list')).FollowersRoute),
      },
      {
        path: '/:id/following',
        handle: { title: APP_TEXT.routes.followingTitle },
        element: page(async () => (await import('./app/routes/follow-list')).FollowingRoute),
      },
      {
        path: '/mugen',
        handle: { title: APP_TEXT.routes.officialTitle },
        element: page(async () => (await import('./app/routes/profile')).OfficialRoute),
      },
      // A path under /pwa/ opens the app in PWA mode (L-4.2-14).
      { path: '/pwa/*', element: page(async () => (await import('./features/pwa/routes/pwa-entry')).PwaEntryRoute) },
      {
        path: '/premium',
        handle: { title: APP_TEXT.routes.premiumTitle },
        element: page(async () => (await import('./features/premium/routes/premium')).PremiumRoute),
      },
      {
        path: '/premium-success',
        handle: { title: APP_TEXT.routes.premiumSuccessTitle },
        element: page(async () => (await import('./features/premium/routes/premium-success')).PremiumSuccessRoute),
      },
      { path: '/cancel', element: page(async () => (await import('./features/premium/routes/cancel')).CancelRoute) },
      { path: '/i/:code', element: page(async () => (await import('./features/access/routes/invitation')).InvitationRoute) },
      {
        path: '/invitation-required',
        element: page(async () => (await import('./features/access/routes/invitation')).InvitationRequiredRoute),
      },
      {
        path: '/closed-beta',
        element: page(async () => (await import('./features/access/routes/closed-beta')).ClosedBetaRoute),
      },
      {
        path: '/pending-approval',
        element: page(async () => (await import('./features/access/routes/pending-approval')).PendingApprovalRoute),
      },
      {
        path: '/access-denied',
        element: page(async () => (await import('./features/access/routes/access-denied')).AccessDeniedRoute),
      },
      {
        path: '/invalid-invitation',
        element: page(async () => (await import('./features/access/routes/invalid-invitation')).InvalidInvitationRoute),
      },
      {
        path: '/invite-friends',
        element: page(async () => (await import('./features/access/routes/invite-friends')).InviteFriendsRoute),
      },
      {
        path: '/faq',
        handle: { title: APP_TEXT.routes.faqTitle },
        element: page(async () => (await import('./features/support/routes/faq')).FaqRoute),
      },
      {
        path: '/terms',
        handle: { title: APP_TEXT.routes.termsTitle },
        element: page(async () => (await import('./features/support/routes/legal')).TermsRoute),
      },
      {
        path: '/privacy',
        handle: { title: APP_TEXT.routes.privacyTitle },
        element: page(async () => (await import('./features/support/routes/legal')).PrivacyRoute),
      },
      {
        path: '/commercial-law',
        handle: { title: APP_TEXT.routes.commercialLawTitle },
        element: page(async () => (await import('./features/support/routes/legal')).CommercialLawRoute),
      },
      {
        path: '/contact',
        handle: { title: APP_TEXT.routes.contactTitle },
        element: page(async () => (await import('./features/support/routes/contact')).ContactRoute),
      },
      {
        path: '/audio-test',
        handle: { title: APP_TEXT.routes.audioTestTitle },
        element: page(async () => (await import('./app/routes/audio-test')).AudioTestRoute),
      },
      // A single segment is a user profile (by customUserId or id).
      {
        path: '/:userId',
        handle: { title: APP_TEXT.routes.profileTitle },
        element: page(async () => (await import('./app/routes/profile')).ProfileRoute),
      },
      { path: '*', element: page(async () => (await import('./app/routes/not-found')).NotFoundRoute) },
    ],
  },
  // The operators' console (issue 18) has a layout of its own: no listener navigation, player or gate.
  { path: '/admin', element: page(async () => (await import('./features/admin/routes/admin')).AdminRoute) },
  { path: '/admin/users', element: page(async () => (await import('./features/admin/members/routes/members')).AdminMembersRoute) },
  {
    path: '/admin/users/:userId',
    element: page(async () => (await import('./features/admin/members/routes/member-detail')).AdminMemberDetailRoute),
  },
  {
    path: '/admin/monitoring',
    element: page(async () => (await import('./features/admin/monitoring/routes/monitoring')).AdminMonitoringRoute),
  },
];

/**
 * A matched pathname as the router keeps it: matchRoutes decodes, the router's own useRoutes encodes
 * again (its history's encodeLocation, after `%`, `?` and `#`), so relative links resolve alike.
 */
const encodedPath = (pathname: string) =>
  new URL(pathname.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23'), 'http://x').pathname;

/**
 * The page for the address, inside the shell. Matched once per pathname (what useRoutes does on every
 * render: flattening and ranking the whole table, about 10 ms on a slow phone) and rendered with
 * renderMatches. The access gate learns from here whether the address fell to a splat (the 404 page,
 * or /pwa/*), which it lets through without a check.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const matches = useMemo(
    () =>
      matchRoutes(routes, pathname)?.map((m) => ({ ...m, pathname: encodedPath(m.pathname), pathnameBase: encodedPath(m.pathnameBase) })) ??
      null,
    [pathname],
  );
  const splat = matches?.at(-1)?.params['*'] !== undefined;
  return <RouteMatchContext.Provider value={splat}>{renderMatches(matches)}</RouteMatchContext.Provider>;
}
