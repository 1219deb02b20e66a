import { cn } from '@web/lib/cn';
import { useDocumentTitle } from '@web/lib/use-document-title';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface StatusPageProps {
  icon: LucideIcon;
  /** The heading, and the page name in the document title. */
  text: { title: string; pageTitle: string };
  tone?: 'accent' | 'danger';
  children: ReactNode;
  actions?: ReactNode;
  testId: string;
}

/** The shared look of the access status pages (closed beta, pending approval, denied, invalid invitation). */
export function StatusPage({ icon: Icon, text, tone = 'accent', children, actions, testId }: StatusPageProps) {
  useDocumentTitle(text.pageTitle);
  return (
    <section
      className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-6 pt-12 pb-[max(3rem,env(safe-area-inset-bottom))] text-center"
      data-testid={testId}
    >
      <span
        className={cn(
          'inline-flex size-16 items-center justify-center rounded-2xl',
          tone === 'danger' ? 'bg-danger-soft text-danger' : 'bg-accent-soft text-accent',
        )}
      >
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 font-bold text-[1.375rem] leading-snug sm:text-2xl">{text.title}</h1>
      <div className="mt-3 space-y-3 text-muted leading-relaxed">{children}</div>
      {actions && <div className="mt-8 flex w-full flex-col items-stretch gap-3">{actions}</div>}
    </section>
  );
}
