import { APP_TEXT } from '@shared/messages/app';
import { PageState } from '@web/components/ui/page-state';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Compass } from 'lucide-react';

/** Any path the route table does not know, including multi-segment ones such as /a/b/c (L-2.1-48). */
export function NotFoundRoute() {
  useDocumentTitle();
  const figure = (
    <>
      <p aria-hidden="true" className="font-bold text-7xl text-accent/25 tabular-nums tracking-widest">
        404
      </p>
      <span className="-mt-6 inline-flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Compass aria-hidden="true" className="size-7" />
      </span>
    </>
  );
  return <PageState figure={figure} text={APP_TEXT.notFound} testId="not-found" />;
}
