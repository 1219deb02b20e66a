import { USERS_TEXT } from '@shared/messages/users';
import { PageHeader } from '@web/components/layout/page-header';
import { TrackRowSkeletons } from '@web/components/track/track-row';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListState } from '@web/components/ui/list-state';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Users } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useFollowRecords } from '../api/follows';
import { useProfile } from '../api/get-user';
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
        empty={<EmptyState icon={<Users aria-hidden="true" />} title={text.empty} testId="follow-list-empty" />}
      >
        {(items) => (
          <ul className="divide-y divide-border" data-testid="follow-list">
            {items.map((r) => {
              const u = direction === 'followers' ? r.follower : r.following;
              if (!u) return null;
              const to = `/${encodeURIComponent(publicRef(u))}`;
              return (
                <li key={r.id} className="flex min-h-16 items-center gap-3 py-2" data-testid="follow-row" data-user-id={u.id}>
                  <Avatar picture={u.picture} name={u.name} className="size-11" textClassName="text-xl" />
                  <div className="min-w-0 flex-1">
                    <Link to={to} className="block truncate font-medium hover:underline">
                      {u.name}
                    </Link>
                    <p className="truncate text-muted text-xs">{displayHandle(u)}</p>
                  </div>
                  <Button asChild variant="secondary" className="min-h-10 px-4 text-sm">
                    <Link to={to} aria-label={USERS_TEXT.followList.ariaLabel(u.name)}>
                      {USERS_TEXT.followList.link}
                    </Link>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </ListState>
    </div>
  );
}
