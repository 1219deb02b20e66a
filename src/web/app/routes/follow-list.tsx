import type { FollowDirection } from '@web/features/follows/api/follows';
import { FollowList } from '@web/features/follows/routes/follow-list';
import { useProfile } from '@web/features/users/api/get-user';
import { UserNotFound } from '@web/features/users/components/user-not-found';
import { useParams } from 'react-router';

/** A member's follow list (the follows feature) under their name, or the users feature's not-found page. */
function MemberFollowList({ direction }: { direction: FollowDirection }) {
  const { id = '' } = useParams();
  const profile = useProfile(id);
  return <FollowList direction={direction} userRef={id} owner={profile.data} ownerMissing={profile.isError} notFound={<UserNotFound />} />;
}

/** /{id}/followers */
export const FollowersRoute = () => <MemberFollowList direction="followers" />;

/** /{id}/following */
export const FollowingRoute = () => <MemberFollowList direction="following" />;
