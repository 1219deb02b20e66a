import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './app/root-layout';
import { AppLoading } from './app/routes/app-loading';
import type { PageHandle } from './app/routes/coming-soon';
import { RouteErrorBoundary } from './app/routes/route-error';

/** A route whose feature comes in a later issue: its own name and 準備中. */
const soon = (path: string, title: string): RouteObject => ({
  path,
  handle: { title } satisfies PageHandle,
  lazy: async () => ({ Component: (await import('./app/routes/coming-soon')).ComingSoonRoute }),
});

const home = async () => ({ Component: (await import('./features/tracks/routes/home')).HomeRoute });
const trackDetail = async () => ({ Component: (await import('./features/tracks/routes/track')).TrackRoute });

/**
 * The spec's route table (listener spec §2), every page lazy. Static segments rank above dynamic ones,
 * so /mugen, /search… win over the single-segment profile catch-all /:userId, and any path of more
 * segments that no route names falls to the 404 page.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { index: true, lazy: home },
          {
            path: '/search',
            handle: { title: '検索' },
            lazy: async () => ({ Component: (await import('./features/search/routes/search')).SearchRoute }),
          },
          soon('/create-post', '投稿'),
          {
            path: '/notifications',
            handle: { title: '通知' },
            lazy: async () => ({ Component: (await import('./features/notifications/routes/notifications')).NotificationsRoute }),
          },
          { path: '/profile', lazy: async () => ({ Component: (await import('./features/profile/routes/my-page')).MyPageRoute }) },
          {
            path: '/favorites',
            handle: { title: 'お気に入り' },
            lazy: async () => ({ Component: (await import('./features/likes/routes/favorites')).FavoritesRoute }),
          },
          {
            path: '/playlists',
            handle: { title: 'プレイリスト' },
            lazy: async () => ({ Component: (await import('./features/playlists/routes/playlists')).PlaylistsRoute }),
          },
          {
            path: '/create-playlist',
            handle: { title: 'プレイリストを作成' },
            lazy: async () => ({ Component: (await import('./features/playlists/routes/create-playlist')).CreatePlaylistRoute }),
          },
          {
            path: '/playlists/:id',
            handle: { title: 'プレイリスト' },
            lazy: async () => ({ Component: (await import('./features/playlists/routes/playlist')).PlaylistRoute }),
          },
          {
            path: '/playlist/:slug',
            handle: { title: 'プレイリスト' },
            lazy: async () => ({ Component: (await import('./features/playlists/routes/playlist')).PublicSlugRoute }),
          },
          {
            path: '/u/:userId/:slug',
            handle: { title: 'プレイリスト' },
            lazy: async () => ({ Component: (await import('./features/playlists/routes/playlist')).PublicUserSlugRoute }),
          },
          {
            path: '/:userId/playlist/:id',
            handle: { title: 'プレイリスト' },
            lazy: async () => ({ Component: (await import('./features/playlists/routes/playlist')).UserPlaylistRoute }),
          },
          { path: '/track/:id', lazy: trackDetail },
          { path: '/mugen/track/:id', lazy: trackDetail },
          { path: '/:userId/track/:id', lazy: trackDetail },
          {
            path: '/user/:id',
            handle: { title: 'プロフィール' },
            lazy: async () => ({ Component: (await import('./features/users/routes/profile')).ProfileRoute }),
          },
          {
            path: '/:id/followers',
            handle: { title: 'フォロワー' },
            lazy: async () => ({ Component: (await import('./features/users/routes/follow-list')).FollowersRoute }),
          },
          {
            path: '/:id/following',
            handle: { title: 'フォロー中' },
            lazy: async () => ({ Component: (await import('./features/users/routes/follow-list')).FollowingRoute }),
          },
          {
            path: '/mugen',
            handle: { title: '無限 公式アカウント' },
            lazy: async () => ({ Component: (await import('./features/users/routes/profile')).OfficialRoute }),
          },
          // A path under /pwa/ opens the app in PWA mode (L-4.2-14).
          { path: '/pwa/*', lazy: async () => ({ Component: (await import('./features/pwa/routes/pwa-entry')).PwaEntryRoute }) },
          soon('/premium', 'プレミアム'),
          soon('/premium-success', 'プレミアム登録完了'),
          soon('/cancel', 'お手続きの中断'),
          { path: '/i/:code', lazy: async () => ({ Component: (await import('./features/access/routes/invitation')).InvitationRoute }) },
          {
            path: '/invitation-required',
            lazy: async () => ({ Component: (await import('./features/access/routes/invitation')).InvitationRequiredRoute }),
          },
          {
            path: '/closed-beta',
            lazy: async () => ({ Component: (await import('./features/access/routes/closed-beta')).ClosedBetaRoute }),
          },
          {
            path: '/pending-approval',
            lazy: async () => ({ Component: (await import('./features/access/routes/pending-approval')).PendingApprovalRoute }),
          },
          {
            path: '/access-denied',
            lazy: async () => ({ Component: (await import('./features/access/routes/access-denied')).AccessDeniedRoute }),
          },
          {
            path: '/invalid-invitation',
            lazy: async () => ({ Component: (await import('./features/access/routes/invalid-invitation')).InvalidInvitationRoute }),
          },
          {
            path: '/invite-friends',
            lazy: async () => ({ Component: (await import('./features/access/routes/invite-friends')).InviteFriendsRoute }),
          },
          soon('/faq', 'よくある質問'),
          soon('/terms', '利用規約'),
          soon('/privacy', 'プライバシーポリシー'),
          soon('/commercial-law', '特定商取引法に基づく表記'),
          soon('/contact', 'お問い合わせ'),
          {
            path: '/audio-test',
            handle: { title: '音声テスト' },
            lazy: async () => ({ Component: (await import('./features/player/routes/audio-test')).AudioTestRoute }),
          },
          soon('/admin', '管理画面'),
          soon('/admin/users', 'ユーザー管理'),
          soon('/admin/users/:userId', 'ユーザー詳細'),
          soon('/admin/monitoring', 'モニタリング'),
          // A single segment is a user profile (by customUserId or id).
          {
            path: '/:userId',
            handle: { title: 'プロフィール' },
            lazy: async () => ({ Component: (await import('./features/users/routes/profile')).ProfileRoute }),
          },
          { path: '*', lazy: async () => ({ Component: (await import('./app/routes/not-found')).NotFoundRoute }) },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
