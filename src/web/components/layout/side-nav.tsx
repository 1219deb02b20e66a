import { SHELL_TEXT } from '@shared/messages/shell';
import { badgeCount } from '@shared/rules/notifications';
import { NAV_ITEMS, type NavBadges, NavItemLink, type NavLooks, UnreadText } from './bottom-nav';

const LOOKS: NavLooks = {
  base: 'flex min-h-12 items-center gap-3.5 rounded-xl px-3.5 text-[15px] transition-colors',
  active: 'bg-accent-soft font-semibold text-accent',
  idle: 'text-muted hover:bg-surface hover:text-fg',
};

/**
 * The navigation at the side from 1024 px (DESIGN.md): the bottom navigation's five items, icon and
 * label in a row, below the header and beside the page; hidden on narrower screens, where the bottom
 * navigation shows. Only one of the two is ever displayed, so the page has one main navigation.
 * Where a page has no navigation (`shown` false: the premium and access pages, or while a page hides
 * it) the column stays, empty: the page never moves sideways when the navigation comes or goes (a
 * visitor sent from a members' page to /closed-beta, issue 20 layout shift).
 */
export function SideNav({ badges = {}, shown = true }: { badges?: NavBadges; shown?: boolean }) {
  return (
    <div className="hidden w-60 shrink-0 border-border border-r px-3 lg:block" data-testid="side-rail">
      {shown && (
        <nav aria-label={SHELL_TEXT.bottomNav.bottomNavLabel} className="sticky top-14 py-5" data-testid="side-nav">
          <ul className="space-y-1">
            {NAV_ITEMS.map((item) => {
              const { to, label, icon: Icon } = item;
              const count = badges[to] ?? 0;
              return (
                <li key={to}>
                  <NavItemLink item={item} looks={LOOKS}>
                    {(isActive) => (
                      <>
                        <Icon aria-hidden="true" className="size-[1.375rem] shrink-0" strokeWidth={isActive ? 2.4 : 1.8} />
                        <span className="min-w-0 flex-1 truncate">{label}</span>
                        {count > 0 && (
                          <>
                            <span
                              aria-hidden="true"
                              className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1.5 font-bold text-[11px] text-white tabular-nums leading-none dark:text-bg"
                              data-testid={`side-badge-${to.slice(1)}`}
                            >
                              {badgeCount(count)}
                            </span>
                            <UnreadText count={count} />
                          </>
                        )}
                      </>
                    )}
                  </NavItemLink>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </div>
  );
}
