import { SHELL_TEXT } from '@shared/messages/shell';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface PageHeaderProps {
  /** The page's h1; leave it out when the page has its own heading below. */
  title?: ReactNode;
  /** Where the back arrow leads; no arrow without it. */
  backTo?: string;
  backLabel?: string;
  actions?: ReactNode;
}

/** A page's title row: an optional back arrow, the title, and actions at the end. */
export function PageHeader({ title, backTo, backLabel = SHELL_TEXT.pageHeader.back, actions }: PageHeaderProps) {
  return (
    <div className="flex min-h-14 items-center gap-1">
      {backTo && (
        <Link
          to={backTo}
          aria-label={backLabel}
          className="-ml-2.5 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-fg hover:bg-surface"
          data-testid="back-button"
        >
          <ArrowLeft aria-hidden="true" className="size-6" />
        </Link>
      )}
      {title ? <h1 className="min-w-0 flex-1 truncate font-bold text-xl">{title}</h1> : <div className="flex-1" />}
      {actions && <div className="flex shrink-0 items-center gap-1">{actions}</div>}
    </div>
  );
}
