import { PREMIUM_TEXT } from '@shared/messages/premium';
import { cn } from '@web/lib/cn';
import { ChevronRight, Crown } from 'lucide-react';
import { Link } from 'react-router';
import { usePremium } from '../api/get-premium-status';

const T = PREMIUM_TEXT.houseAd;

/**
 * The one ad slot of free members and visitors (issue 17): a house ad for premium, placed between the
 * player and what follows it, never over a control. Premium members see none (L-1-05); nothing shows
 * until premium is known, so a premium member never sees it flash. Meanwhile an empty slot of the ad's
 * height holds its place (unless this browser already knows the member is premium), so the player does
 * not shift when the ad comes (issue 20, layout shift).
 */
export function HouseAd({ className }: { className?: string }) {
  const { isPremium, isSettled } = usePremium();
  if (isPremium) return null;
  if (!isSettled) return <div aria-hidden="true" className={cn('h-14', className)} data-ad-slot data-testid="ad-slot-placeholder" />;
  return (
    <aside aria-label={T.ariaLabel} className={className} data-testid="ad-slot" data-ad-slot>
      <Link
        to="/premium"
        className={cn(
          'flex min-h-14 items-center gap-3 rounded-2xl border border-border bg-surface px-3 py-2 text-left',
          'transition-colors hover:bg-surface-2',
        )}
      >
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-300">
          <Crown aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1.5">
            <span className="rounded border border-border px-1 font-medium text-[10px] text-muted leading-4">{T.label}</span>
            <span className="truncate font-semibold text-sm">{T.title}</span>
          </span>
          <span className="mt-0.5 block truncate text-muted text-xs">{T.body}</span>
        </span>
        <span className="inline-flex shrink-0 items-center font-medium text-accent text-xs">
          <span className="sr-only min-[420px]:not-sr-only">{T.cta}</span>
          <ChevronRight aria-hidden="true" className="size-4" />
        </span>
      </Link>
    </aside>
  );
}
