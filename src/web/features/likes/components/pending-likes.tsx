import { PENDING_LIKE_DELAY_MS, pendingLikeIds, pendingLikeKey } from '@shared/rules/likes';
import { useUser } from '@web/lib/auth';
import { removeStored } from '@web/lib/storage';
import { useEffect } from 'react';
import { getLikeStatus, likeTrack, useApplyLikeAnswer } from '../api/like-track';

function storedKeys(): string[] {
  try {
    return Object.keys(window.localStorage);
  } catch (e) {
    console.error('[likes] localStorage is not available', e);
    return [];
  }
}

/**
 * Likes tapped while signed out (pendingLike_{trackId}): about 500 ms after sign-in each is applied
 * unless the track is already liked, then its flag is cleared (listener spec §4 Like).
 */
export function PendingLikes() {
  const { isSignedIn } = useUser();
  const apply = useApplyLikeAnswer();

  useEffect(() => {
    if (!isSignedIn) return;
    const ids = pendingLikeIds(storedKeys());
    if (ids.length === 0) return;
    const timer = setTimeout(async () => {
      for (const id of ids) {
        try {
          const { isLiked } = await getLikeStatus(id);
          if (!isLiked) await apply(id, await likeTrack(id));
        } catch (e) {
          console.error(`[likes] the pending like of track ${id} was not applied`, e);
        } finally {
          removeStored('local', pendingLikeKey(id));
        }
      }
    }, PENDING_LIKE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isSignedIn, apply]);

  return null;
}
