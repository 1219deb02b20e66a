import { cn } from '@web/lib/cn';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  body?: ReactNode;
  children?: ReactNode;
  className?: string;
  testId?: string;
}

/** A designed empty or missing state: an icon in a soft circle, the spec's message, a hint, a way on. */
export function EmptyState({ icon, title, body, children, className, testId }: EmptyStateProps) {
  return (
    <section className={cn('flex flex-col items-center px-6 py-14 text-center', className)} data-testid={testId}>
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-surface-2 text-muted [&>svg]:size-8">{icon}</span>
      <h2 className="mt-5 font-bold text-lg">{title}</h2>
      {body && <p className="mt-2 max-w-xs text-muted text-sm leading-relaxed">{body}</p>}
      {children}
    </section>
  );
}
