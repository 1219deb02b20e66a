import { allowedStoredRate, PREMIUM_RATE, trialEnded } from '@shared/rules/premium';
import { usePlayer, usePlayerValue } from '@web/lib/audio/player-context';
import { useUser } from '@web/lib/auth';
import { toast } from '@web/lib/toast';
import { useEffect } from 'react';
import { usePremiumSync } from '../api/get-premium-status';
import { TRIAL_TEXT } from '../hooks/use-rate-rule';
import { dropAllAudio } from '../lib/offline-audio';
import { clearKeptTracks, useKeptTracks } from '../stores/offline-tracks';
import { clearTrial, useTrial } from '../stores/trial';

/** Yellow for premium members, white for everyone else (listener spec §2, L-2.4-25, L-2.4-26). */
export const THEME_COLOR = { premium: '#facc15', standard: '#ffffff' } as const;

/**
 * The premium rules that act on their own, mounted once inside the player: keeps the premium answer in
 * sync, gives premium members the yellow theme colour and accent, ends the trial at zero, takes a
 * 2x that is no longer allowed back to 1x, and drops the offline tracks when premium has ended.
 */
export function PremiumEffects() {
  const player = usePlayer();
  const rate = usePlayerValue((s) => s.rate);
  const { isPremium, isSettled, serverSaysFree } = usePremiumSync();
  const { trial, now } = useTrial();
  const keeps = useKeptTracks().length > 0;
  const user = useUser();
  // The server answered that nobody is signed in (signed out, or the session ended): not a failed call.
  const signedOut = user.isSuccess && user.data === null;

  useEffect(() => {
    document.documentElement.classList.toggle('premium', isPremium);
    const meta = document.querySelector('meta[name="theme-color"]');
    meta?.setAttribute('content', isPremium ? THEME_COLOR.premium : THEME_COLOR.standard);
  }, [isPremium]);

  // At zero the trial ends and is cleared (L-4.1-11).
  const ended = trialEnded(trial, now);
  useEffect(() => {
    if (!ended) return;
    clearTrial();
    if (rate === PREMIUM_RATE && !isPremium) {
      toast({ title: TRIAL_TEXT.ended, description: TRIAL_TEXT.endedDetail, action: { label: TRIAL_TEXT.premiumLink, href: '/premium' } });
    }
  }, [ended, rate, isPremium]);

  // A remembered 2x needs premium or a running trial; checked once premium is known, so a premium
  // member's 2x survives the page load.
  const allowed = allowedStoredRate(rate, { isPremium, trial, now });
  const settled = isSettled || isPremium;
  useEffect(() => {
    if (settled && allowed !== rate) player.setRate(allowed);
  }, [settled, allowed, rate, player]);

  // Offline tracks are a premium perk of the member who kept them: once the server says the member is
  // not premium (ended, paused) or nobody is signed in, the kept audio is dropped. A failed or missing
  // answer (offline) drops nothing.
  useEffect(() => {
    if (!(serverSaysFree || signedOut) || !keeps) return;
    clearKeptTracks();
    void dropAllAudio().catch((e: unknown) => console.error('[offline] could not drop the kept audio', e));
  }, [serverSaysFree, signedOut, keeps]);

  return null;
}
