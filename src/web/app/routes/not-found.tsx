import { APP_TEXT } from '@shared/messages/app';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Compass } from 'lucide-react';
import { Link } from 'react-router';

/** Any path the route table does not know, including multi-segment ones such as /a/b/c (L-2.1-48). */
export function NotFoundRoute() {
  useDocumentTitle();
  return (
    <section
      className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-6 py-16 text-center"
      data-testid="not-found"
    >
      <p aria-hidden="true" className="font-bold text-7xl text-accent/25 tabular-nums tracking-widest">
        404
      </p>
      <span className="-mt-6 inline-flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Compass aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-5 font-bold text-2xl">{APP_TEXT.notFound.heading}</h1>
      <p className="mt-3 text-muted leading-relaxed">{APP_TEXT.notFound.body}</p>
      <Button asChild className="mt-8">
        <Link to="/">{APP_TEXT.notFound.link}</Link>
      </Button>
    </section>
  );
}
