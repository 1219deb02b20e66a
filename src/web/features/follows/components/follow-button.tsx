import { FOLLOWS_TEXT } from '@shared/messages/follows';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import { UserCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useFollowStatus, useFollowUser } from '../api/follows';

/**
 * Follow or unfollow a member (signed-in members only, never oneself). A failure says
 * '操作に失敗しました' in a toast and which action failed under the button (listener spec §8).
 */
export function FollowButton({ userRef }: { userRef: string }) {
  const status = useFollowStatus(userRef, true);
  const follow = useFollowUser(userRef);
  const [failed, setFailed] = useState<string | null>(null);
  const following = status.data?.isFollowing === true;

  return (
    <div className="flex flex-col items-center">
      <Button
        variant={following ? 'secondary' : 'primary'}
        className="min-w-32"
        aria-pressed={following}
        disabled={status.isPending || follow.isPending}
        onClick={() => {
          setFailed(null);
          const next = !following;
          follow.mutate(next, {
            onError: (e) => {
              console.error('[follows] follow failed', e);
              setFailed(next ? FOLLOWS_TEXT.followButton.next : FOLLOWS_TEXT.followButton.notNext);
              toast({ title: FOLLOWS_TEXT.followButton.title, description: FOLLOWS_TEXT.followButton.description, variant: 'destructive' });
            },
          });
        }}
        data-testid="follow-button"
      >
        {following ? <UserCheck aria-hidden="true" className="size-4" /> : <UserPlus aria-hidden="true" className="size-4" />}
        {following ? FOLLOWS_TEXT.followButton.following : FOLLOWS_TEXT.followButton.notFollowing}
      </Button>
      {failed && (
        <p role="alert" className="mt-1 text-danger text-xs">
          {failed}
        </p>
      )}
    </div>
  );
}
