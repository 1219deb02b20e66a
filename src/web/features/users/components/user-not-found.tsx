import { USERS_TEXT } from '@shared/messages/users';
import { PageState } from '@web/components/ui/page-state';
import { UserX } from 'lucide-react';

/** A member that does not exist (or is not public): the spec's two sentences and the way home. */
export function UserNotFound() {
  return <PageState icon={UserX} text={USERS_TEXT.userNotFound} testId="user-not-found" />;
}
