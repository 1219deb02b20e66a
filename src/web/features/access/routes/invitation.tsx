import { ACCESS_TEXT } from '@shared/messages/access';
import { googleSignInUrl } from '@shared/rules/access';
import { PageState } from '@web/components/ui/page-state';
import { startSignIn } from '@web/lib/session';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';

/** /i/{code}: keeps the code in session storage and starts Google sign-in with it (L-2.3-01, L-2.3-02). */
export function InvitationRoute() {
  const { code = '' } = useParams();
  return <StartWithCode code={code.trim()} />;
}

/** /invitation-required?code=: the same with the query's code; without one, /closed-beta (L-2.3-03, L-2.3-04). */
export function InvitationRequiredRoute() {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim();
  if (!code) return <Navigate to="/closed-beta" replace />;
  return <StartWithCode code={code} />;
}

function StartWithCode({ code }: { code: string }) {
  useDocumentTitle(ACCESS_TEXT.startWithCode.documentTitle);
  useEffect(() => {
    startSignIn({ code });
  }, [code]);
  const spinner = <LoaderCircle aria-hidden="true" className="size-9 animate-spin text-accent" />;
  return (
    <PageState figure={spinner} text={{ title: ACCESS_TEXT.startWithCode.heading }} busy testId="invitation-start">
      <p className="mt-3 text-muted text-sm leading-relaxed">
        {ACCESS_TEXT.startWithCode.notMovingPrefix}
        <a href={googleSignInUrl({ code })} className="mx-1 text-accent underline underline-offset-2">
          {ACCESS_TEXT.startWithCode.link}
        </a>
        {ACCESS_TEXT.startWithCode.notMovingSuffix}
      </p>
    </PageState>
  );
}
