import { APP_TEXT } from '@shared/messages/app';
import { PageState } from '@web/components/ui/page-state';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Hourglass } from 'lucide-react';

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
    <PageState icon={Hourglass} tone="accent" text={{ ...APP_TEXT.comingSoon, title }} testId="coming-soon">
      <p className="mt-4 inline-flex items-center rounded-full bg-surface-2 px-3 py-0.5 font-medium text-muted text-sm">
        {APP_TEXT.comingSoon.title}
      </p>
    </PageState>
  );
}
