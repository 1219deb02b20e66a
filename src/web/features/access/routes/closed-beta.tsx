import { ACCESS_TEXT } from '@shared/messages/access';
import { Button } from '@web/components/ui/button';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { GoogleSignInButton } from '../components/google-sign-in-button';
import { StatusPage } from '../components/status-page';

/** /closed-beta: registration needs an invitation; existing members sign in here (L-2.3-05, L-2.3-06). */
export function ClosedBetaRoute() {
  const [params] = useSearchParams();
  const authFailed = params.get('error') === 'auth_failed';
  return (
    <StatusPage
      icon={KeyRound}
      title={ACCESS_TEXT.closedBeta.title}
      pageTitle={ACCESS_TEXT.closedBeta.pageTitle}
      testId="closed-beta"
      actions={
        <>
          <p className="text-muted text-sm">{ACCESS_TEXT.closedBeta.haveAccount}</p>
          <GoogleSignInButton />
          <Button asChild variant="ghost" className="text-muted">
            <Link to="/">{ACCESS_TEXT.closedBeta.link}</Link>
          </Button>
        </>
      }
    >
      {authFailed && (
        <p role="alert" className="flex items-start gap-2 rounded-2xl bg-danger-soft px-4 py-3 text-left text-danger text-sm">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {ACCESS_TEXT.closedBeta.signInFailed}
        </p>
      )}
      <p>{ACCESS_TEXT.closedBeta.about}</p>
      <p className="text-sm">{ACCESS_TEXT.closedBeta.inviteHint}</p>
    </StatusPage>
  );
}
