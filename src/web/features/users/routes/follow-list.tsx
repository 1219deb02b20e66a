import { USERS_TEXT } from '@shared/messages/users';
import { PageHeader } from '@web/components/layout/page-header';
import { TrackRowSkeletons } from '@web/components/track/track-row';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListState } from '@web/components/ui/list-state';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Users } from 'lucide-react';
import { useParams } from 'react-router';
import { useFollowRecords } from '../api/follows';
import { useProfile } from '../api/get-user';
import { FollowRow } from '../components/follow-row';
import { displayHandle, publicRef } from '../components/profile-header';
import { UserNotFound } from '../components/user-not-found';

type Direction = 'followers' | 'following';

const TEXT = {
  followers: { title: USERS_TEXT.text.followersTitle, empty: USERS_TEXT.text.followersEmpty },
  following: { title: USERS_TEXT.text.followingTitle, empty: USERS_TEXT.text.followingEmpty },
} as const;

export function FollowersRoute() {
  return <FollowList direction="followers" />;
}

export function FollowingRoute() {
  return <FollowList direction="following" />;
}

/** /{id}/followers and /{id}/following: rows from the follow records, or the user-not-found state. */
function FollowList({ direction }: { direction: Direction }) {
  const { id = '' } = useParams();
  const profile = useProfile(id);
  const records = useFollowRecords(direction, id);
  const text = TEXT[direction];
  useDocumentTitle(profile.data ? USERS_TEXT.followList.data(profile.data.name, text.title) : text.title);

  if (profile.isError || records.isError) return <UserNotFound />;
  const back = profile.data ? `/${encodeURIComponent(publicRef(profile.data))}` : '/';

  return (
    <div className="mx-auto w-full max-w-2xl px-4 pb-10" data-testid={`${direction}-page`}>
      <PageHeader
        title={profile.data ? USERS_TEXT.followList.data2(profile.data.name, text.title) : text.title}
        backTo={back}
        backLabel={USERS_TEXT.followList.backLabel}
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
              return u && <FollowRow key={r.id} user={u} handle={displayHandle(u)} />;
            })}
          </ul>
        )}
      </ListState>
    </div>
  );
}
