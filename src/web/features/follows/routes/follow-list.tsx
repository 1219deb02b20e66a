import { FOLLOWS_TEXT } from '@shared/messages/follows';
import { profilePath, shortHandle } from '@shared/rules/my-page';
import { PageHeader } from '@web/components/layout/page-header';
import { TrackRowSkeletons } from '@web/components/track/track-row';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListState } from '@web/components/ui/list-state';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { type FollowDirection, useFollowRecords } from '../api/follows';
import { FollowRow } from '../components/follow-row';

const TEXT = {
  followers: { title: FOLLOWS_TEXT.followListPage.followersTitle, empty: FOLLOWS_TEXT.followListPage.followersEmpty },
  following: { title: FOLLOWS_TEXT.followListPage.followingTitle, empty: FOLLOWS_TEXT.followListPage.followingEmpty },
} as const;

interface FollowListProps {
  direction: FollowDirection;
  /** The member whose list it is, by id or user ID. */
  userRef: string;
  /** Their profile once known: the title names them and the back link leads to them. */
  owner: { id: string; name: string; customUserId: string | null } | undefined;
  /** Their profile could not be found. */
  ownerMissing: boolean;
  /** What a missing member's list shows (the users feature's page, handed in by the app). */
  notFound: ReactNode;
}

/** /{id}/followers and /{id}/following: rows from the follow records, or the user-not-found state. */
export function FollowList({ direction, userRef, owner, ownerMissing, notFound }: FollowListProps) {
  const records = useFollowRecords(direction, userRef);
  const text = TEXT[direction];
  useDocumentTitle(owner ? FOLLOWS_TEXT.followList.data(owner.name, text.title) : text.title);

  if (ownerMissing || records.isError) return notFound;
  const back = owner ? profilePath(owner) : '/';

  return (
    <div className="mx-auto w-full max-w-2xl px-4 pb-10" data-testid={`${direction}-page`}>
      <PageHeader
        title={owner ? FOLLOWS_TEXT.followList.data2(owner.name, text.title) : text.title}
        backTo={back}
        backLabel={FOLLOWS_TEXT.followList.backLabel}
      />
      <ListState
        query={records}
        what={text.title}
        skeleton={<TrackRowSkeletons count={5} />}
        empty={<EmptyState icon={Users} title={text.empty} testId="follow-list-empty" />}
      >
        {(items) => (
          <ul className="divide-y divide-border" data-testid="follow-list">
            {items.map((r) => {
              const u = direction === 'followers' ? r.follower : r.following;
              return u && <FollowRow key={r.id} user={u} handle={shortHandle(u)} />;
            })}
          </ul>
        )}
      </ListState>
    </div>
  );
}
