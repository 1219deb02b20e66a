import { FOLLOWS_TEXT } from '@shared/messages/follows';
import { MY_PAGE_MESSAGES, userHandle } from '@shared/rules/my-page';
import { Modal } from '@web/components/ui/dialog';
import { ListState } from '@web/components/ui/list-state';
import { Skeletons } from '@web/components/ui/skeleton';
import { type FollowDirection, useFollowUsers } from '../api/follows';
import { FollowRow } from './follow-row';

interface FollowListDialogProps {
  userId: string;
  direction: FollowDirection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Followers or following as a dialog (L-2.7-13 .. L-2.7-17); the list is asked for only while open. */
export function FollowListDialog({ userId, direction, open, onOpenChange }: FollowListDialogProps) {
  const list = useFollowUsers(userId, direction, open);
  const title = direction === 'followers' ? FOLLOWS_TEXT.followListDialog.followers : FOLLOWS_TEXT.followListDialog.notFollowers;
  const empty = direction === 'followers' ? MY_PAGE_MESSAGES.noFollowers : MY_PAGE_MESSAGES.noFollowing;
  return (
    <Modal flush open={open} onOpenChange={onOpenChange} title={title} testId={`${direction}-dialog`}>
      <div className="max-h-96 overflow-y-auto overscroll-contain px-2 py-2" data-testid="follow-list-scroll">
        <ListState
          query={list}
          what={title}
          skeleton={<Skeletons className="space-y-2 p-3" bars={['h-12', 'h-12']} />}
          empty={<p className="px-4 py-10 text-center text-muted">{empty}</p>}
        >
          {(items) => (
            <ul>
              {items.map((u) => (
                <FollowRow key={u.id} user={u} handle={userHandle(u)} onOpen={() => onOpenChange(false)} className="rounded-2xl px-3" />
              ))}
            </ul>
          )}
        </ListState>
      </div>
    </Modal>
  );
}
