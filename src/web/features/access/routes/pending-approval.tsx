import { ACCESS_TEXT } from '@shared/messages/access';
import { Button } from '@web/components/ui/button';
import { signOut } from '@web/lib/session';
import { Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import { StatusPage } from '../components/status-page';

/** /pending-approval: the closed-beta notice; only holders of an invitation link can enter (L-2.3-07). */
export function PendingApprovalRoute() {
  return (
    <StatusPage
      icon={Hourglass}
      title={ACCESS_TEXT.pendingApproval.title}
      pageTitle={ACCESS_TEXT.pendingApproval.pageTitle}
      testId="pending-approval"
      actions={
        <>
          <Button asChild>
            <Link to="/">{ACCESS_TEXT.pendingApproval.link}</Link>
          </Button>
          <Button variant="ghost" className="text-muted" onClick={signOut}>
            {ACCESS_TEXT.pendingApproval.button}
          </Button>
        </>
      }
    >
      <p>{ACCESS_TEXT.pendingApproval.about}</p>
      <p className="text-sm">{ACCESS_TEXT.pendingApproval.pleaseWait}</p>
    </StatusPage>
  );
}
