import { USERS_TEXT } from '@shared/messages/users';
import { MY_PAGE_MESSAGES, profilePath, userHandle } from '@shared/rules/my-page';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { ListState } from '@web/components/ui/list-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { Link } from 'react-router';
import { type FollowDirection, useFollowUsers } from '../api/follows';

interface FollowListDialogProps {
  userId: string;
  direction: FollowDirection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Followers or following as a dialog (L-2.7-13 .. L-2.7-17); the list is asked for only while open. */
export function FollowListDialog({ userId, direction, open, onOpenChange }: FollowListDialogProps) {
  const list = useFollowUsers(userId, direction, open);
  const title = direction === 'followers' ? USERS_TEXT.followListDialog.followers : USERS_TEXT.followListDialog.notFollowers;
  const empty = direction === 'followers' ? MY_PAGE_MESSAGES.noFollowers : MY_PAGE_MESSAGES.noFollowing;
  return (
    <Modal flush open={open} onOpenChange={onOpenChange} title={title} testId={`${direction}-dialog`}>
      <div className="max-h-96 overflow-y-auto overscroll-contain px-2 py-2" data-testid="follow-list-scroll">
        <ListState
          query={list}
          what={title}
          skeleton={
            <div className="space-y-2 p-3">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          }
          empty={<p className="px-4 py-10 text-center text-muted">{empty}</p>}
        >
          {(items) => (
            <ul>
              {items.map((u) => (
                <li key={u.id} className="flex items-center gap-3 rounded-2xl px-3 py-2" data-testid="follow-row">
                  <Avatar picture={u.picture} name={u.name} className="size-11" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium leading-snug">{u.name}</p>
                    <p className="truncate text-muted text-sm leading-snug">{userHandle(u)}</p>
                  </div>
                  <Button asChild variant="secondary" className="min-h-9 shrink-0 px-4 text-sm">
                    <Link to={profilePath(u)} onClick={() => onOpenChange(false)}>
                      {USERS_TEXT.followListDialog.link}
                    </Link>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </ListState>
      </div>
    </Modal>
  );
}
