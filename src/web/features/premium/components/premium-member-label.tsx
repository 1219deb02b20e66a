import { PREMIUM_TEXT } from '@shared/messages/premium';
import { Crown } from 'lucide-react';
import { usePremium } from '../api/get-premium-status';

/** The menu's premium-member label with the days left (listener spec §2 Menu side drawer, L-2.4-28). */
export function PremiumMemberLabel() {
  const { isPremium, daysRemaining } = usePremium();
  if (!isPremium) return null;
  return (
    <p
      className="mx-1 mb-2 flex min-h-12 items-center gap-3 rounded-xl border border-accent/30 bg-accent-soft px-3 text-fg"
      data-testid="premium-member-label"
    >
      <Crown aria-hidden="true" className="size-5 text-accent" />
      <span className="flex-1 font-semibold">{PREMIUM_TEXT.premiumMemberLabel.member}</span>
      <span className="text-muted text-sm tabular-nums">
        {PREMIUM_TEXT.premiumMemberLabel.remaining}
        {daysRemaining}
        {PREMIUM_TEXT.premiumMemberLabel.daysUnit}
      </span>
    </p>
  );
}
