import { APP_TEXT } from '@shared/messages/app';
import { isFooterHiddenPath, showsPlayerBar } from '@shared/rules/shell';
import { AppHeader } from '@web/components/layout/app-header';
import { BottomNav } from '@web/components/layout/bottom-nav';
import { SideNav } from '@web/components/layout/side-nav';
import { MiniPlayerSpacer } from '@web/components/player/mini-player-spacer';
import { type BarAction, PlayerBar } from '@web/components/player/player-bar';
import { ToasterHost } from '@web/components/ui/toaster-host';
import { AccessGate } from '@web/features/access/components/access-gate';
import { CookieConsent } from '@web/features/consent/components/cookie-consent';
import { PendingLikes } from '@web/features/likes/components/pending-likes';
import { useUnreadCount } from '@web/features/notifications/api/notifications';
import { AskHostsButton } from '@web/features/questions/components/ask-hosts-button';
import { usePlayerValue } from '@web/lib/audio/player-context';
import { useUser } from '@web/lib/auth';
import { useFooterHiddenByPage } from '@web/lib/footer';
import { syncStoredTheme } from '@web/lib/theme';
import { useKeyboardOpen } from '@web/lib/use-keyboard-open';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoginPromptProvider } from './login-prompt-provider';
import { MenuDrawer } from './menu/menu-drawer';
import { usePageLoading } from './page-loading';
import { usePremiumGate } from './premium-gate';
import { PageLoading } from './routes/app-loading';
import { RouteErrorBoundary } from './routes/route-error';
import { ScrollRestoration } from './scroll-restoration';

/**
 * Header, page, and the bottom stack (persistent player bar above the bottom navigation). The stack is
 * sticky at the end of the page, so it never hides content: the page ends above it. From 1024 px
 * (DESIGN.md) the navigation moves to the side of the page and the player bar runs along the bottom of
 * the window, under both; the header stays as index.html paints it first (decision 0012).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  usePremiumGate();
  const pageLoading = usePageLoading();
  const keyboardOpen = useKeyboardOpen();
  const currentTrackId = usePlayerValue((s) => s.track?.id ?? null);
  // A page may hide it while something covers it (the support chat, C-2.5-08).
  const pageHidesFooter = useFooterHiddenByPage();
  const footer = !isFooterHiddenPath(pathname) && !keyboardOpen && !pageHidesFooter;
  const bar = showsPlayerBar(pathname, currentTrackId);
  const { isSignedIn } = useUser();
  const unread = useUnreadCount(isSignedIn);
  const badges = { '/notifications': unread };
  const stack = useRef<HTMLDivElement>(null);

  useEffect(syncStoredTheme, []);

  return (
    <LoginPromptProvider>
      <a
        href="#main"
        className="sr-only z-[70] rounded-full bg-accent px-4 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {APP_TEXT.rootLayout.link}
      </a>
      <div className="flex min-h-dvh flex-col">
        {pageLoading && (
          <div
            role="progressbar"
            aria-label={APP_TEXT.rootLayout.ariaLabel}
            className="fixed inset-x-0 top-0 z-[80] h-0.5 animate-shimmer bg-accent"
          />
        )}
        <AppHeader menu={<MenuDrawer />} />
        {/* The cookie bar, in the flow under the header: it covers nothing (issue 20). */}
        <CookieConsent />
        <div className="flex flex-1 flex-col lg:flex-row">
          {/* On a desktop the on-screen keyboard is no reason to hide the navigation at the side. */}
          <SideNav badges={badges} shown={!isFooterHiddenPath(pathname) && !pageHidesFooter} />
          <main id="main" className="flex min-w-0 flex-1 flex-col pr-[env(safe-area-inset-right)] pl-[env(safe-area-inset-left)]">
            <RouteErrorBoundary resetKey={pathname}>
              <Suspense fallback={<PageLoading />}>
                <AccessGate>
                  <Outlet />
                </AccessGate>
              </Suspense>
            </RouteErrorBoundary>
            <MiniPlayerSpacer active={bar} stack={stack} />
          </main>
        </div>
        {(bar || footer) && (
          <div ref={stack} className={footer ? 'sticky bottom-0 z-30' : 'sticky bottom-0 z-30 bg-bg pb-[env(safe-area-inset-bottom)]'}>
            {bar && <PlayerBar action={askAboutTrack} />}
            {footer && <BottomNav badges={badges} />}
          </div>
        )}
      </div>
      <ToasterHost />
      <PendingLikes />
      <ScrollRestoration />
    </LoginPromptProvider>
  );
}

/** 質問する on the player bar, for a catalogue track (not a programme's spoken bridge). */
const askAboutTrack: BarAction = (track) => (track.interlude ? null : <AskHostsButton track={track} look="icon" />);
