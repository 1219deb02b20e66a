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
          soon('/search', '検索'),
          soon('/create-post', '投稿'),
          soon('/notifications', '通知'),
          soon('/profile', 'マイページ'),
          soon('/favorites', 'お気に入り'),
          soon('/playlists', 'プレイリスト'),
          soon('/create-playlist', 'プレイリストを作成'),
          soon('/playlists/:id', 'プレイリスト'),
          soon('/playlist/:slug', 'プレイリスト'),
          soon('/u/:userId/:slug', 'プレイリスト'),
          soon('/:userId/playlist/:id', 'プレイリスト'),
          { path: '/track/:id', lazy: trackDetail },
          { path: '/mugen/track/:id', lazy: trackDetail },
          { path: '/:userId/track/:id', lazy: trackDetail },
          soon('/user/:id', 'プロフィール'),
          soon('/:id/followers', 'フォロワー'),
          soon('/:id/following', 'フォロー中'),
          soon('/mugen', '無限 公式アカウント'),
          soon('/premium', 'プレミアム'),
          soon('/premium-success', 'プレミアム登録完了'),
          soon('/cancel', 'お手続きの中断'),
          soon('/i/:code', '招待'),
          soon('/invitation-required', '招待が必要です'),
          soon('/closed-beta', 'クローズドベータ'),
          soon('/pending-approval', '承認待ち'),
          soon('/access-denied', 'アクセスできません'),
          soon('/invalid-invitation', '無効な招待コード'),
          soon('/invite-friends', '友達を招待'),
          soon('/faq', 'よくある質問'),
          soon('/terms', '利用規約'),
          soon('/privacy', 'プライバシーポリシー'),
          soon('/commercial-law', '特定商取引法に基づく表記'),
          soon('/contact', 'お問い合わせ'),
          soon('/audio-test', '音声テスト'),
          soon('/admin', '管理画面'),
          soon('/admin/users', 'ユーザー管理'),
          soon('/admin/users/:userId', 'ユーザー詳細'),
          soon('/admin/monitoring', 'モニタリング'),
          // A single segment is a user profile (by customUserId or id).
          soon('/:userId', 'プロフィール'),
          { path: '*', lazy: async () => ({ Component: (await import('./app/routes/not-found')).NotFoundRoute }) },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
