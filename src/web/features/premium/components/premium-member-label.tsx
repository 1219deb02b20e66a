import { PREMIUM_TEXT } from '@shared/messages/premium';
import { ClosesDialog } from '@web/components/ui/dialog';
import { ChevronRight, Crown } from 'lucide-react';
import { Link } from 'react-router';
import { usePremium } from '../api/get-premium-status';

/**
 * The menu's premium-member label with the days left (listener spec §2 Menu side drawer, L-2.4-28),
 * from the server's premium status (rounded up, never below 0). It leads to /cancel, where the plan is
 * managed; it sits in the menu drawer, which it closes.
 */
export function PremiumMemberLabel() {
  const { isPremium, daysRemaining } = usePremium();
  if (!isPremium) return null;
  return (
    <ClosesDialog>
      <Link
        to="/cancel"
        className="mx-1 mb-2 flex min-h-12 items-center gap-3 rounded-xl border border-accent/30 bg-accent-soft px-3 text-fg hover:border-accent/60"
        data-testid="premium-member-label"
      >
        <Crown aria-hidden="true" className="size-5 text-accent" />
        <span className="flex-1 font-semibold">{PREMIUM_TEXT.premiumMemberLabel.member}</span>
        <span className="text-muted text-sm tabular-nums">
          {PREMIUM_TEXT.premiumMemberLabel.remaining}
          {daysRemaining}
          {PREMIUM_TEXT.premiumMemberLabel.daysUnit}
        </span>
        <ChevronRight aria-hidden="true" className="size-4 text-muted" />
        <span className="sr-only">{PREMIUM_TEXT.premiumMemberLabel.manage}</span>
      </Link>
    </ClosesDialog>
  );
}
