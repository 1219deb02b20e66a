import { ACCESS_TEXT } from '@shared/messages/access';
import { ButtonLink } from '@web/components/ui/button';
import { TicketX } from 'lucide-react';
import { StatusPage } from '../components/status-page';

const T = ACCESS_TEXT.invalidInvitation;

/** /invalid-invitation: the code was already used or has expired (L-2.3-11). */
export function InvalidInvitationRoute() {
  return (
    <StatusPage icon={TicketX} tone="danger" text={T} testId="invalid-invitation" actions={<ButtonLink to="/">{T.link}</ButtonLink>}>
      <p>{T.reason}</p>
      <p className="text-sm">{T.askAgain}</p>
    </StatusPage>
  );
}
