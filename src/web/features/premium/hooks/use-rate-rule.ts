import { decideRate } from '@shared/rules/premium';
import { toast } from '@web/lib/toast';
import { useCallback, useRef } from 'react';
import { beginTrial, getTrial } from '../stores/trial';

export const TRIAL_TEXT = {
  started: '2倍速のお試しを開始しました',
  startedDetail: '24時間、2倍速を無料でお使いいただけます。',
  refused: '2倍速はプレミアム会員限定です',
  refusedDetail: '24時間の無料お試しは終了しました。プレミアムで2倍速をお使いいただけます。',
  ended: '2倍速のお試し期間が終了しました',
  endedDetail: '再生速度を1倍に戻しました。プレミアムで2倍速をお使いいただけます。',
  premiumLink: 'プレミアムを見る',
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
