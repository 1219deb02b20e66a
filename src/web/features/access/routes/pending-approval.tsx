import { ACCESS_TEXT } from '@shared/messages/access';
import { Button, ButtonLink } from '@web/components/ui/button';
import { signOut } from '@web/lib/session';
import { Hourglass } from 'lucide-react';
import { StatusPage } from '../components/status-page';

const T = ACCESS_TEXT.pendingApproval;

/** /pending-approval: the closed-beta notice; only holders of an invitation link can enter (L-2.3-07). */
export function PendingApprovalRoute() {
  const actions = (
    <>
      <ButtonLink to="/">{T.link}</ButtonLink>
      <Button variant="ghost" className="text-muted" onClick={signOut}>
        {T.button}
      </Button>
    </>
  );
  return (
    <StatusPage icon={Hourglass} text={T} testId="pending-approval" actions={actions}>
      <p>{T.about}</p>
      <p className="text-sm">{T.pleaseWait}</p>
    </StatusPage>
  );
}
