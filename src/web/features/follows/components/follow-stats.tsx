import { FOLLOWS_TEXT } from '@shared/messages/follows';
import { formatCount } from '@shared/rules/format';
import { profilePath } from '@shared/rules/my-page';
import type { User } from '@shared/schemas/auth';
import { List } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type FollowDirection, useFollowCounts } from '../api/follows';
import { FollowListDialog } from './follow-list-dialog';

/**
 * Follow and follower counts (L-2.7-08): each count links to its page (/{id}/following, /{id}/followers),
 * and the list button beside it opens the same list as a dialog.
 */
export function FollowStats({ user }: { user: User }) {
  const counts = useFollowCounts(user.id);
  const [open, setOpen] = useState<FollowDirection | null>(null);
  const base = profilePath(user);
  const items: { direction: FollowDirection; label: string; value: number | undefined }[] = [
    { direction: 'following', label: FOLLOWS_TEXT.followStats.followingLabel, value: counts.data?.followingCount },
    { direction: 'followers', label: FOLLOWS_TEXT.followStats.followersLabel, value: counts.data?.followerCount },
  ];
  return (
    <>
      <div className="grid grid-cols-2 gap-2">
        {items.map(({ direction, label, value }) => (
          <div key={direction} className="flex items-stretch overflow-hidden rounded-2xl bg-surface">
            <Link
              to={`${base}/${direction}`}
              className="flex min-h-12 min-w-0 flex-1 items-baseline gap-1.5 px-4 py-2 hover:bg-surface-2"
              data-testid={`${direction}-count`}
            >
              <span className="font-bold text-lg tabular-nums">{value === undefined ? '–' : formatCount(value)}</span>
              <span className="truncate text-muted text-sm">{label}</span>
            </Link>
            <button
              type="button"
              onClick={() => setOpen(direction)}
              aria-label={FOLLOWS_TEXT.followStats.ariaLabel(label)}
              className="inline-flex w-11 shrink-0 items-center justify-center border-border border-l text-muted hover:bg-surface-2 hover:text-fg"
              data-testid={`${direction}-open`}
            >
              <List aria-hidden="true" className="size-4" />
            </button>
          </div>
        ))}
      </div>
      {(['followers', 'following'] as const).map((direction) => (
        <FollowListDialog
          key={direction}
          userId={user.id}
          direction={direction}
          open={open === direction}
          onOpenChange={(o) => setOpen(o ? direction : null)}
        />
      ))}
    </>
  );
}
