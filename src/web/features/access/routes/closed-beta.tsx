import { ACCESS_TEXT } from '@shared/messages/access';
import { ButtonLink } from '@web/components/ui/button';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { GoogleSignInButton } from '../components/google-sign-in-button';
import { StatusPage } from '../components/status-page';

const T = ACCESS_TEXT.closedBeta;

/** /closed-beta: registration needs an invitation; existing members sign in here (L-2.3-05, L-2.3-06). */
export function ClosedBetaRoute() {
  const [params] = useSearchParams();
  const authFailed = params.get('error') === 'auth_failed';
  const actions = (
    <>
      <p className="text-muted text-sm">{T.haveAccount}</p>
      <GoogleSignInButton />
      <ButtonLink to="/" variant="ghost" className="text-muted">
        {T.link}
      </ButtonLink>
    </>
  );
  return (
    <StatusPage icon={KeyRound} text={T} testId="closed-beta" actions={actions}>
      {authFailed && (
        <p role="alert" className="flex items-start gap-2 rounded-2xl bg-danger-soft px-4 py-3 text-left text-danger text-sm">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {T.signInFailed}
        </p>
      )}
      <p>{T.about}</p>
      <p className="text-sm">{T.inviteHint}</p>
    </StatusPage>
  );
}
