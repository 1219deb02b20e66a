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
      title="ただいま承認待ちです"
      pageTitle="承認待ち"
      testId="pending-approval"
      actions={
        <>
          <Button asChild>
            <Link to="/">ホームに戻る</Link>
          </Button>
          <Button variant="ghost" className="text-muted" onClick={signOut}>
            ログアウト
          </Button>
        </>
      }
    >
      <p>無限は現在クローズドベータ版として運営しており、招待リンクをお持ちの方のみご利用いただけます。</p>
      <p className="text-sm">アカウントが承認されるまで、今しばらくお待ちください。</p>
    </StatusPage>
  );
}
