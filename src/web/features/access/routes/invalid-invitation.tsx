import { ACCESS_TEXT } from '@shared/messages/access';
import { Button } from '@web/components/ui/button';
import { TicketX } from 'lucide-react';
import { Link } from 'react-router';
import { StatusPage } from '../components/status-page';

/** /invalid-invitation: the code was already used or has expired (L-2.3-11). */
export function InvalidInvitationRoute() {
  return (
    <StatusPage
      icon={TicketX}
      tone="danger"
      title={ACCESS_TEXT.invalidInvitation.title}
      pageTitle={ACCESS_TEXT.invalidInvitation.pageTitle}
      testId="invalid-invitation"
      actions={
        <Button asChild>
          <Link to="/">{ACCESS_TEXT.invalidInvitation.link}</Link>
        </Button>
      }
    >
      <p>{ACCESS_TEXT.invalidInvitation.reason}</p>
      <p className="text-sm">{ACCESS_TEXT.invalidInvitation.askAgain}</p>
    </StatusPage>
  );
}
