import { ACCESS_TEXT } from '@shared/messages/access';
import { Button } from '@web/components/ui/button';
import { signOut } from '@web/lib/session';
import { ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { StatusPage } from '../components/status-page';

/** /access-denied: the account's approval was denied; contact or log out (L-2.3-08 .. L-2.3-10). */
export function AccessDeniedRoute() {
  return (
    <StatusPage
      icon={ShieldX}
      tone="danger"
      title={ACCESS_TEXT.accessDenied.title}
      pageTitle={ACCESS_TEXT.accessDenied.pageTitle}
      testId="access-denied"
      actions={
        <>
          <Button asChild>
            <Link to="/contact">{ACCESS_TEXT.accessDenied.link}</Link>
          </Button>
          <Button variant="secondary" onClick={signOut}>
            {ACCESS_TEXT.accessDenied.button}
          </Button>
        </>
      }
    >
      <p>{ACCESS_TEXT.accessDenied.reason}</p>
      <p className="text-sm">{ACCESS_TEXT.accessDenied.contactHint}</p>
    </StatusPage>
  );
}
