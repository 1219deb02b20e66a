import { PREMIUM_TEXT } from '@shared/messages/premium';
import type { Track } from '@shared/schemas/track';
import { toast } from '@web/lib/toast';
import { useState } from 'react';
import { usePremium } from '../api/get-premium-status';
import { dropAudio, keepAudio, OfflineUnavailable } from '../lib/offline-audio';
import { addKeptTrack, removeKeptTracks, useKeptTracks } from '../stores/offline-tracks';

const T = PREMIUM_TEXT.offline;

/**
 * Keeping a track for offline playback, or dropping it (premium only: anyone else is pointed to
 * /premium). The details are listed once the worker has stored the audio.
 */
export function useOfflineTrack(track: Track) {
  const { isPremium } = usePremium();
  const kept = useKeptTracks().some((t) => t.id === track.id);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (busy) return;
    if (!isPremium && !kept) {
      toast({
        title: T.premiumOnly,
        description: T.premiumOnlyDetail,
        action: { label: PREMIUM_TEXT.trialText.premiumLink, href: '/premium' },
      });
      return;
    }
    setBusy(true);
    try {
      if (kept) {
        removeKeptTracks([track.id]);
        await dropAudio(track.id).catch((e: unknown) => console.error('[offline] drop failed', e));
        toast({ title: T.removedToast });
      } else {
        await keepAudio(track.id);
        addKeptTrack(track);
        toast({ title: T.keptToast, description: T.keptDetail });
      }
    } catch (e) {
      console.error('[offline] keep failed', e);
      toast({ title: T.failed, description: e instanceof OfflineUnavailable ? T.unsupported : T.failedDetail, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return { kept, busy, toggle };
}
