import { Button } from '@web/components/ui/button';
import { TriangleExclamationPoint } from 'lucide-react';
import { Link, useRouteError } from 'react-router';

/** A page that crashed: said plainly, with a way on. The shell around it keeps working. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  console.error('[route] page failed', error);
  return (
    <section role="alert" className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-6 py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
        <TriangleExclamationPoint aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-5 font-bold text-xl">問題が発生しました</h1>
      <p className="mt-3 text-muted leading-relaxed">ページを表示できませんでした。再読み込みしてもう一度お試しください。</p>
      <div className="mt-8 flex gap-3">
        <Button onClick={() => window.location.reload()}>再読み込み</Button>
        <Button variant="secondary" asChild>
          <Link to="/">ホームに戻る</Link>
        </Button>
      </div>
    </section>
  );
}
