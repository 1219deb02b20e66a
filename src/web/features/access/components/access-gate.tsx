import { ACCESS_TEXT } from '@shared/messages/access';
import {
  accessRedirect,
  GATE_REFUSALS,
  gateRefusalOf,
  keepsRefusedMember,
  needsAccessCheck,
  searchHasFromAuth,
  withoutFromAuth,
} from '@shared/rules/access';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api';
import { useIsSplatMatch } from '@web/lib/route-match';
import { serverField } from '@web/lib/server-message';
import { LoaderCircle } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
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
  useGateRefusals();
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
    // The address as it is now, not as this page rendered: the sign-in follow-up may have just taken the
    // member on to their returnPath in the same commit (a stale strip would bring them back here).
    const still = window.location.pathname === location.pathname && searchHasFromAuth(window.location.search);
    if (passed && still && searchHasFromAuth(location.search) && !isReturningAfterSignIn()) {
      void navigate({ pathname: location.pathname, search: withoutFromAuth(location.search), hash: location.hash }, { replace: true });
    }
  }, [passed, location, navigate]);

  if (access.isPending) return <GateSpinner />;
  if (target) return <Navigate to={target} replace />;
  return children;
}

/**
 * A member the operator set pending or denied meanwhile: any members-only call of any page (the shell's
 * own included) answers 403 with the gate's reason, and the browser goes to that status page at once,
 * except from the status pages and the few pages such a member may still use (keepsRefusedMember).
 */
function useGateRefusals() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const where = useRef(pathname);
  where.current = pathname;
  useEffect(() => {
    const refused = (error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 403) return;
      const reason = gateRefusalOf(serverField(error, 'reason'));
      if (!reason || keepsRefusedMember(where.current)) return;
      void navigate(GATE_REFUSALS[reason].page, { replace: true });
    };
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') refused(event.action.error);
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') refused(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient, navigate]);
}

export function GateSpinner() {
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status" aria-live="polite" data-testid="access-spinner">
      <LoaderCircle aria-hidden="true" className="size-9 animate-spin text-accent" />
      <span className="sr-only">{ACCESS_TEXT.gateSpinner.checking}</span>
    </div>
  );
}
