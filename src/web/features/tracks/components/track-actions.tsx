import { formatCount } from '@shared/rules/format';
import type { Track } from '@shared/schemas/track';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { useLoginPrompt } from '@web/lib/login-prompt';
import { toast } from '@web/lib/toast';
import { Heart, ListPlus } from 'lucide-react';

/**
 * Likes and playlists arrive in later issues. Until then the buttons are real about it: signed out
 * they ask for sign-in (as the finished ones will), signed in they say the feature is being prepared.
 */
function useFeatureSoon(feature: string) {
  const { isSignedIn } = useUser();
  const { openLogin } = useLoginPrompt();
  return () => {
    if (!isSignedIn) openLogin();
    else toast({ title: '準備中', description: `${feature}は現在準備中です。もうしばらくお待ちください。` });
  };
}

const actionClass =
  'inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-2.5 text-muted transition-colors hover:bg-surface hover:text-fg';

export function LikeButton({ track, showCount = true, className }: { track: Track; showCount?: boolean; className?: string }) {
  const onClick = useFeatureSoon('いいね機能');
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`いいね（${track.likeCount}件）`}
      aria-pressed={false}
      className={cn(actionClass, className)}
      data-testid="like-button"
    >
      <Heart aria-hidden="true" className="size-6" />
      {showCount && <span className="text-sm tabular-nums">{formatCount(track.likeCount)}</span>}
    </button>
  );
}

export function AddToPlaylistButton({ className }: { className?: string }) {
  const onClick = useFeatureSoon('プレイリストへの追加');
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label="プレイリストに追加"
      className={cn(actionClass, className)}
      data-testid="add-to-playlist-button"
    >
      <ListPlus aria-hidden="true" className="size-6" />
    </button>
  );
}
