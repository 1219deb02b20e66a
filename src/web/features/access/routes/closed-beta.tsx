import { Button } from '@web/components/ui/button';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { GoogleSignInButton } from '../components/google-sign-in-button';
import { StatusPage } from '../components/status-page';

/** /closed-beta: registration needs an invitation; existing members sign in here (L-2.3-05, L-2.3-06). */
export function ClosedBetaRoute() {
  const [params] = useSearchParams();
  const authFailed = params.get('error') === 'auth_failed';
  return (
    <StatusPage
      icon={KeyRound}
      title="招待制のクローズドベータです"
      pageTitle="クローズドベータ"
      testId="closed-beta"
      actions={
        <>
          <p className="text-muted text-sm">すでにアカウントをお持ちの方</p>
          <GoogleSignInButton />
          <Button asChild variant="ghost" className="text-muted">
            <Link to="/">ホームに戻る</Link>
          </Button>
        </>
      }
    >
      {authFailed && (
        <p role="alert" className="flex items-start gap-2 rounded-2xl bg-danger-soft px-4 py-3 text-left text-danger text-sm">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ログインに失敗しました。もう一度お試しください。
        </p>
      )}
      <p>無限は現在、招待された方だけが使えるクローズドベータ版です。新規登録には招待が必要です。</p>
      <p className="text-sm">招待リンクをお持ちの方は、そのリンクを開いて登録してください。</p>
    </StatusPage>
  );
}
