import { PREMIUM_TEXT } from '@shared/messages/premium';
import { decideRate } from '@shared/rules/premium';
import { toast } from '@web/lib/toast';
import { useCallback, useRef } from 'react';
import { beginTrial, getTrial } from '../stores/trial';

export const TRIAL_TEXT = {
  started: PREMIUM_TEXT.trialText.started,
  startedDetail: PREMIUM_TEXT.trialText.startedDetail,
  refused: PREMIUM_TEXT.trialText.refused,
  refusedDetail: PREMIUM_TEXT.trialText.refusedDetail,
  ended: PREMIUM_TEXT.trialText.ended,
  endedDetail: PREMIUM_TEXT.trialText.endedDetail,
  premiumLink: PREMIUM_TEXT.trialText.premiumLink,
} as const;

/**
 * The player's decideRate hook (listener spec §4 Audio player, Premium and trial): 2x for premium
 * members and during the trial; the first 2x of a free listener starts the one-time trial; after it,
 * 2x is skipped back to 1x with a toast pointing to /premium (decision 0008).
 */
export function useRateRule(isPremium: boolean): (rate: number) => number {
  const premium = useRef(isPremium);
  premium.current = isPremium;
  return useCallback((rate: number) => {
    const now = Date.now();
    const d = decideRate(rate, { isPremium: premium.current, trial: getTrial(), now });
    if (d.startTrial) {
      beginTrial(now);
      toast({ title: TRIAL_TEXT.started, description: TRIAL_TEXT.startedDetail });
    }
    if (d.refused) {
      toast({
        title: TRIAL_TEXT.refused,
        description: TRIAL_TEXT.refusedDetail,
        action: { label: TRIAL_TEXT.premiumLink, href: '/premium' },
      });
    }
    return d.rate;
  }, []);
}
