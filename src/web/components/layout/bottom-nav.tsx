import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { useLoginPrompt } from '@web/lib/login-prompt';
import { Bell, House, Search, SquarePen, UserRound } from 'lucide-react';
import { NavLink } from 'react-router';

const ITEMS = [
  { to: '/', label: 'ホーム', icon: House, protected: false },
  { to: '/search', label: '検索', icon: Search, protected: false },
  { to: '/create-post', label: '投稿', icon: SquarePen, protected: true },
  { to: '/notifications', label: '通知', icon: Bell, protected: true },
  { to: '/profile', label: 'マイページ', icon: UserRound, protected: true },
] as const;

/**
 * Five items with labels under the icons (L-2.4-01). A protected item tapped while signed out opens
 * the login modal instead of navigating, and sign-in comes back to it (L-2.4-02).
 */
export function BottomNav() {
  const { isSignedIn } = useUser();
  const { openLogin } = useLoginPrompt();
  return (
    <nav
      aria-label="メインナビゲーション"
      className="border-border border-t bg-bg pb-[env(safe-area-inset-bottom)]"
      data-testid="bottom-nav"
    >
      <ul className="mx-auto grid max-w-3xl grid-cols-5 px-[env(safe-area-inset-left)]">
        {ITEMS.map(({ to, label, icon: Icon, protected: isProtected }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === '/'}
              onClick={(e) => {
                if (isProtected && !isSignedIn) {
                  e.preventDefault();
                  openLogin(to);
                }
              }}
              className={({ isActive }) =>
                cn(
                  'flex min-h-14 flex-col items-center justify-center gap-0.5 rounded-xl pt-1.5 pb-1 text-[11px] leading-none transition-colors',
                  isActive ? 'font-semibold text-accent' : 'text-muted hover:text-fg',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon aria-hidden="true" className="size-6" strokeWidth={isActive ? 2.4 : 1.8} />
                  <span className="mt-1">{label}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
