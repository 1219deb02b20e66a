import { FollowButton } from '@web/features/follows/components/follow-button';
import { OfficialRoute as Official, ProfileRoute as Profile } from '@web/features/users/routes/profile';

const followButton = (userRef: string) => <FollowButton userRef={userRef} />;

/** /{id} and /user/{id}: a member's public page (users) with the follow button (follows). */
export const ProfileRoute = () => <Profile followButton={followButton} />;

/** /mugen: the official account's page, likewise. */
export const OfficialRoute = () => <Official followButton={followButton} />;
