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
      title="アクセスが拒否されました"
      pageTitle="アクセスできません"
      testId="access-denied"
      actions={
        <>
          <Button asChild>
            <Link to="/contact">お問い合わせ</Link>
          </Button>
          <Button variant="secondary" onClick={signOut}>
            ログアウト
          </Button>
        </>
      }
    >
      <p>アカウントの承認が拒否されたため、このサービスをご利用いただけません。</p>
      <p className="text-sm">お心当たりのない場合は、お問い合わせください。</p>
    </StatusPage>
  );
}
