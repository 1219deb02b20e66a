import { STORAGE_KEYS } from '@shared/constants';
import { needsAccessCheck, searchHasFromAuth, withoutFromAuth } from '@shared/rules/access';
import { useUser } from '@web/lib/auth';
import { readStored, removeStored, writeStored } from '@web/lib/storage';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * What follows a sign-in. The server lands the browser on `{redirect}?from_auth=1`:
 * - the signed-in member's id is kept for persistent favourites (sent as x-persisted-user-id);
 * - a returnPath stored by the login modal wins if the landing page is another one, then is cleared;
 * - on a public page (no access check to remove it) from_auth is removed here.
 */
let returning = false;

/** True once the follow-up is taking the member back to the stored returnPath: nothing else may navigate over it. */
export const isReturningAfterSignIn = () => returning;

export function useSignInFollowUp() {
  const { user } = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const [fromAuth] = useState(() => searchHasFromAuth(window.location.search));
  const done = useRef(false);

  useEffect(() => {
    if (user && readStored('local', STORAGE_KEYS.persistedUserId) !== user.id) {
      writeStored('local', STORAGE_KEYS.persistedUserId, user.id);
    }
  }, [user]);

  useEffect(() => {
    if (!fromAuth || !user || done.current) return;
    done.current = true;
    removeStored('session', STORAGE_KEYS.invitationCode);
    const returnPath = readStored('session', STORAGE_KEYS.returnPath);
    removeStored('session', STORAGE_KEYS.returnPath);
    const here = `${location.pathname}${withoutFromAuth(location.search)}`;
    if (returnPath?.startsWith('/') && !returnPath.startsWith('//') && returnPath !== here) {
      returning = true;
      void Promise.resolve(navigate(returnPath, { replace: true })).finally(() => {
        returning = false;
      });
    } else if (searchHasFromAuth(location.search) && !needsAccessCheck(location.pathname, location.search)) {
      void navigate({ pathname: location.pathname, search: withoutFromAuth(location.search), hash: location.hash }, { replace: true });
    }
  }, [fromAuth, user, location, navigate]);
}
