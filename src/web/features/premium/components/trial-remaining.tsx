import { PREMIUM_TEXT } from '@shared/messages/premium';
import { formatTrialRemaining } from '@shared/rules/premium';
import { cn } from '@web/lib/cn';
import { Timer } from 'lucide-react';
import { usePremium } from '../api/get-premium-status';
import { useTrial } from '../stores/trial';

/**
 * 'お試し残り 23時間59分': the 2x trial's time left in hours and minutes, updated each minute and gone
 * at zero (listener spec §4 Premium and trial, L-4.1-09, L-4.1-10). Premium members never see it.
 */
export function TrialRemaining({ className }: { className?: string }) {
  const { isPremium } = usePremium();
  const { remainingMs } = useTrial();
  const text = formatTrialRemaining(remainingMs);
  if (isPremium || !text) return null;
  return (
    <p
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-accent-soft px-2.5 py-1 text-accent text-xs font-medium tabular-nums',
        className,
      )}
      data-testid="trial-remaining"
    >
      <Timer aria-hidden="true" className="size-3.5" />
      <span>
        <span className="sr-only">{PREMIUM_TEXT.trialRemaining.doubleSpeed}</span>
        {PREMIUM_TEXT.trialRemaining.trialLeft}
        {text}
      </span>
    </p>
  );
}
