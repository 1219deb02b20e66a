import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A list with nothing in it: the spec's message, a hint, and what to do next. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-3xl bg-surface px-6 py-10 text-center" data-testid="empty-state">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-bg text-muted">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-3 font-semibold">{title}</p>
      {children && <p className="mt-1 text-muted text-sm leading-relaxed">{children}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
