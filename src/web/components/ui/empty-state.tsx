import { cn } from '@web/lib/cn';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink, type ButtonLinkProps } from './button';

const looks = {
  /** In a list's place. */
  plain: '',
  /** On a soft card, inside a tab of My Page. */
  card: 'rounded-3xl bg-surface py-10',
  /** The whole page: its subject is missing, or it needs a sign-in. */
  page: 'flex-1 justify-center',
} as const;

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  body?: ReactNode;
  /** The way on: a button that links (its label, `to`, and `variant` when not the primary one). */
  link?: ButtonLinkProps;
  look?: keyof typeof looks;
  children?: ReactNode;
  testId?: string;
}

/** A designed empty or missing state: an icon in a soft circle, the spec's message, a hint, a way on. */
export function EmptyState({ icon: Icon, title, body, link, look = 'plain', children, testId }: EmptyStateProps) {
  return (
    <section className={cn('flex flex-col items-center px-6 py-14 text-center', looks[look])} data-testid={testId}>
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-surface-2 text-muted">
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h2 className="mt-5 font-bold text-lg">{title}</h2>
      {body && <p className="mt-2 max-w-xs text-muted text-sm leading-relaxed">{body}</p>}
      {link && <ButtonLink {...link} className="mt-6" />}
      {children}
    </section>
  );
}
