import { APP_TEXT } from '@shared/messages/app';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Hourglass } from 'lucide-react';
import { Link } from 'react-router';

export interface PageHandle {
  title: string;
}

/**
 * The honest page of a route whose feature arrives in a later issue: its name, 準備中, and the way
 * home. Nothing on it pretends to work.
 */
export function ComingSoonRoute({ title }: PageHandle) {
  useDocumentTitle();
  return (
    <section
      className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-6 py-16 text-center"
      data-testid="coming-soon"
    >
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-accent-soft text-accent">
        <Hourglass aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 font-bold text-2xl">{title}</h1>
      <p className="mt-2 inline-flex items-center rounded-full bg-surface-2 px-3 py-0.5 font-medium text-muted text-sm">
        {APP_TEXT.comingSoon.title}
      </p>
      <p className="mt-4 text-muted leading-relaxed">{APP_TEXT.comingSoon.body}</p>
      <Button asChild className="mt-8">
        <Link to="/">{APP_TEXT.comingSoon.link}</Link>
      </Button>
    </section>
  );
}
