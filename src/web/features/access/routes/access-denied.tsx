import { ACCESS_TEXT } from '@shared/messages/access';
import { Button, ButtonLink } from '@web/components/ui/button';
import { signOut } from '@web/lib/session';
import { ShieldX } from 'lucide-react';
import { StatusPage } from '../components/status-page';

const T = ACCESS_TEXT.accessDenied;

/** /access-denied: the account's approval was denied; contact or log out (L-2.3-08 .. L-2.3-10). */
export function AccessDeniedRoute() {
  const actions = (
    <>
      <ButtonLink to="/contact">{T.link}</ButtonLink>
      <Button variant="secondary" onClick={signOut}>
        {T.button}
      </Button>
    </>
  );
  return (
    <StatusPage icon={ShieldX} tone="danger" text={T} testId="access-denied" actions={actions}>
      <p>{T.reason}</p>
      <p className="text-sm">{T.contactHint}</p>
    </StatusPage>
  );
}
