import { PREMIUM_TEXT } from '@shared/messages/premium';
import { ChevronRight, Crown } from 'lucide-react';
import { Link } from 'react-router';
import { usePremium } from '../api/get-premium-status';
import { OfflineList } from './offline-list';

/** My Page's premium panel: the membership with its days left and the way to manage it, and the kept tracks. Premium members only. */
export function PremiumPanel() {
  const { isPremium, daysRemaining } = usePremium();
  if (!isPremium) return null;
  return (
    <section className="mt-6 rounded-3xl bg-surface p-4" aria-label={PREMIUM_TEXT.myPagePanel.title} data-testid="premium-panel">
      <Link to="/cancel" className="-m-1 flex min-h-12 items-center gap-3 rounded-2xl p-1 hover:bg-surface-2">
        <span className="inline-flex size-10 items-center justify-center rounded-xl bg-accent-soft text-accent">
          <Crown aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{PREMIUM_TEXT.myPagePanel.member}</span>
          <span className="block text-muted text-sm tabular-nums">{PREMIUM_TEXT.myPagePanel.remaining(daysRemaining)}</span>
        </span>
        <span className="text-muted text-sm">{PREMIUM_TEXT.myPagePanel.manage}</span>
        <ChevronRight aria-hidden="true" className="size-4 text-muted" />
      </Link>
      <div className="mt-4 border-border border-t pt-4">
        <OfflineList />
      </div>
    </section>
  );
}
