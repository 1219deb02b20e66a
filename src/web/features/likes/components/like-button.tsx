import { LIKES_TEXT } from '@shared/messages/likes';
import { formatCount } from '@shared/rules/format';
import { optimisticLikeCount, pendingLikeKey } from '@shared/rules/likes';
import type { Track } from '@shared/schemas/track';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { useLoginPrompt } from '@web/lib/login-prompt';
import { removeStored, writeStored } from '@web/lib/storage';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useLikeStatus, useToggleLike } from '../api/like-track';

interface LikeButtonProps {
  track: Track;
  showCount?: boolean;
  className?: string;
}

/**
 * Like and unlike (listener spec §4 Like). The heart and count change at once and go back without a
 * word when the call fails; liking plays the 600 ms heart. Signed out, the tap is kept as
 * pendingLike_{trackId} and the login prompt opens; closing the prompt forgets it.
 */
export function LikeButton({ track, showCount = true, className }: LikeButtonProps) {
  const { isSignedIn } = useUser();
  const { openLogin } = useLoginPrompt();
  const status = useLikeStatus(track.id, isSignedIn);
  const toggle = useToggleLike();
  const [optimistic, setOptimistic] = useState<{ trackId: number; liked: boolean; count: number } | null>(null);
  const [burst, setBurst] = useState<{ trackId: number; n: number } | null>(null);

  const mine = optimistic?.trackId === track.id ? optimistic : null;
  const liked = mine ? mine.liked : isSignedIn && status.data?.isLiked === true;
  const count = mine ? mine.count : Math.max(0, track.likeCount);
  const animating = liked && burst?.trackId === track.id;

  const onClick = () => {
    if (!isSignedIn) {
      const key = pendingLikeKey(track.id);
      writeStored('local', key, '1');
      openLogin(undefined, { onCancel: () => removeStored('local', key) });
      return;
    }
    if (mine) return; // one call at a time per track
    const like = !liked;
    setOptimistic({ trackId: track.id, liked: like, count: optimisticLikeCount(count, like) });
    if (like) setBurst((b) => ({ trackId: track.id, n: (b?.n ?? 0) + 1 }));
    toggle.mutate({ trackId: track.id, like }, { onSettled: () => setOptimistic(null) });
  };

  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={showCount ? LIKES_TEXT.likeButton.showCount(formatCount(count)) : LIKES_TEXT.likeButton.notShowCount(count)}
      aria-pressed={liked}
      data-liked={liked ? 'true' : 'false'}
      className={cn(
        'inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-2.5 transition-colors hover:bg-surface',
        liked ? 'text-rose-600 dark:text-rose-400' : 'text-muted hover:text-fg',
        className,
      )}
      data-testid="like-button"
    >
      <span className="relative inline-flex">
        <Heart
          key={burst?.n ?? 0}
          aria-hidden="true"
          fill={liked ? 'currentColor' : 'none'}
          className={cn('size-6', animating && 'animate-heart-pop')}
          data-animating={animating ? 'true' : undefined}
        />
        {animating && (
          <span
            key={`ring-${burst?.n}`}
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 animate-heart-ring rounded-full border-2 border-rose-500/60 opacity-0"
          />
        )}
      </span>
      {showCount && (
        <span className="text-sm tabular-nums" data-testid="like-count">
          {formatCount(count)}
        </span>
      )}
    </button>
  );
}
