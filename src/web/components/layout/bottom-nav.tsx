import { SHELL_TEXT } from '@shared/messages/shell';
import { badgeCount } from '@shared/rules/notifications';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { useLoginPrompt } from '@web/lib/login-prompt';
import { Bell, House, Search, SquarePen, UserRound } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { NavLink } from 'react-router';

/** The five destinations, in the bottom navigation on phones and the side navigation from 1024 px (side-nav.tsx). */
export const NAV_ITEMS = [
  { to: '/', label: SHELL_TEXT.items.homeLabel, icon: House, protected: false },
  { to: '/search', label: SHELL_TEXT.items.searchLabel, icon: Search, protected: false },
  { to: '/create-post', label: SHELL_TEXT.items.createPostLabel, icon: SquarePen, protected: true },
  { to: '/notifications', label: SHELL_TEXT.items.notificationsLabel, icon: Bell, protected: true },
  { to: '/profile', label: SHELL_TEXT.items.profileLabel, icon: UserRound, protected: true },
] as const;

const LOOKS: NavLooks = {
  base: 'flex min-h-14 flex-col items-center justify-center gap-0.5 rounded-xl pt-1.5 pb-1 text-[11px] leading-none transition-colors',
  active: 'font-semibold text-accent',
  idle: 'text-muted hover:text-fg',
};

export type NavBadges = Partial<Record<string, number>>;

/** A protected item pressed while signed out opens the login modal instead, and sign-in comes back to it (L-2.4-02). */
export function useNavGuard() {
  const { isSignedIn } = useUser();
  const { openLogin } = useLoginPrompt();
  return (to: string, isProtected: boolean) => (e: MouseEvent) => {
    if (isProtected && !isSignedIn) {
      e.preventDefault();
      openLogin(to);
    }
  };
}

/**
 * Five items with labels under the icons (L-2.4-01), on phones and tablets: from 1024 px the side
 * navigation takes its place. `badges` puts a count on an item (the unread notifications on 通知), 9+
 * above 9.
 */
export function BottomNav({ badges = {} }: { badges?: NavBadges }) {
  return (
    <nav
      aria-label={SHELL_TEXT.bottomNav.bottomNavLabel}
      className="border-border border-t bg-bg pb-[env(safe-area-inset-bottom)] lg:hidden"
      data-testid="bottom-nav"
    >
      <ul className="mx-auto grid max-w-3xl grid-cols-5 px-[env(safe-area-inset-left)]">
        {NAV_ITEMS.map((item) => {
          const { to, label, icon: Icon } = item;
          return (
            <li key={to}>
              <NavItemLink item={item} looks={LOOKS}>
                {(isActive) => (
                  <>
                    <span className="relative">
                      <Icon aria-hidden="true" className="size-6" strokeWidth={isActive ? 2.4 : 1.8} />
                      {(badges[to] ?? 0) > 0 && (
                        <span
                          aria-hidden="true"
                          className="absolute -top-1.5 left-3.5 inline-flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-danger px-1 font-bold text-[10px] text-white tabular-nums leading-none ring-2 ring-bg dark:text-bg"
                          data-testid={`badge-${to.slice(1)}`}
                        >
                          {badgeCount(badges[to] ?? 0)}
                        </span>
                      )}
                    </span>
                    <span className="mt-1">{label}</span>
                    {(badges[to] ?? 0) > 0 && <UnreadText count={badges[to] ?? 0} />}
                  </>
                )}
              </NavItemLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** An item's classes: always, and as it is the current page or not. */
export interface NavLooks {
  base: string;
  active: string;
  idle: string;
}

/** One of the five items as a link: a protected one guarded, its classes from `looks`. */
export function NavItemLink({
  item,
  looks,
  children,
}: {
  item: (typeof NAV_ITEMS)[number];
  looks: NavLooks;
  children: (isActive: boolean) => ReactNode;
}) {
  const guard = useNavGuard();
  return (
    <NavLink
      to={item.to}
      end={item.to === '/'}
      onClick={guard(item.to, item.protected)}
      className={({ isActive }) => cn(looks.base, isActive ? looks.active : looks.idle)}
    >
      {({ isActive }) => children(isActive)}
    </NavLink>
  );
}

/** The unread count said to a screen reader (the badge itself is hidden from it). */
export function UnreadText({ count }: { count: number }) {
  return (
    <span className="sr-only">
      {SHELL_TEXT.bottomNav.unreadPrefix}
      {count}
      {SHELL_TEXT.bottomNav.unreadSuffix}
    </span>
  );
}
