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
      title="この招待コードは無効です"
      pageTitle="無効な招待コード"
      testId="invalid-invitation"
      actions={
        <Button asChild>
          <Link to="/">ホームに戻る</Link>
        </Button>
      }
    >
      <p>この招待コードは既に使用されているか、有効期限が切れています。</p>
      <p className="text-sm">招待してくれた方に、新しい招待リンクを送ってもらってください。</p>
    </StatusPage>
  );
}
