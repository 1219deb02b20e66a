import { USERS_TEXT } from '@shared/messages/users';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { UserX } from 'lucide-react';
import { Link } from 'react-router';

/** A member that does not exist (or is not public): the spec's two sentences and the way home. */
export function UserNotFound() {
  return (
    <EmptyState
      icon={<UserX aria-hidden="true" />}
      title={USERS_TEXT.userNotFound.title}
      body={USERS_TEXT.userNotFound.body}
      className="flex-1 justify-center"
      testId="user-not-found"
    >
      <Button asChild className="mt-6">
        <Link to="/">{USERS_TEXT.userNotFound.link}</Link>
      </Button>
    </EmptyState>
  );
}
