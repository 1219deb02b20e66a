import { ACCESS_TEXT } from '@shared/messages/access';
import { accessRedirect, needsAccessCheck, searchHasFromAuth, withoutFromAuth } from '@shared/rules/access';
import { useQuery } from '@tanstack/react-query';
import { useIsSplatMatch } from '@web/lib/route-match';
import { LoaderCircle } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { accessControlQueryOptions } from '../api/get-access-control';
import { isReturningAfterSignIn, useSignInFollowUp } from './use-sign-in-follow-up';

/**
 * The access gate (listener spec §2): public paths render at once; every other path waits for
 * GET /api/access-control behind a spinner, then shows the page or leaves for a status page with the
 * history entry replaced. After a passed check the from_auth query is removed from the address.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const notFound = useIsSplatMatch();
  useSignInFollowUp();
  if (!needsAccessCheck(pathname, search, { notFound })) return children;
  return <CheckedPage key={pathname}>{children}</CheckedPage>;
}

function CheckedPage({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const access = useQuery(accessControlQueryOptions(location.pathname));
  const target = access.isPending ? null : accessRedirect(access.isError ? 'failed' : access.data);
  const passed = access.isSuccess && target === null;

  useEffect(() => {
    if (passed && searchHasFromAuth(location.search) && !isReturningAfterSignIn()) {
      void navigate({ pathname: location.pathname, search: withoutFromAuth(location.search), hash: location.hash }, { replace: true });
    }
  }, [passed, location, navigate]);

  if (access.isPending) return <GateSpinner />;
  if (target) return <Navigate to={target} replace />;
  return children;
}

export function GateSpinner() {
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status" aria-live="polite" data-testid="access-spinner">
      <LoaderCircle aria-hidden="true" className="size-9 animate-spin text-accent" />
      <span className="sr-only">{ACCESS_TEXT.gateSpinner.checking}</span>
    </div>
  );
}
