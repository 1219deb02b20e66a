import { cn } from '@web/lib/cn';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink, type ButtonLinkProps } from './button';

const tones = {
  muted: 'rounded-full bg-surface-2 text-muted',
  accent: 'rounded-2xl bg-accent-soft text-accent',
  danger: 'rounded-full bg-danger-soft text-danger',
} as const;

interface PageStateProps {
  icon?: LucideIcon;
  tone?: keyof typeof tones;
  /** What stands above the title in place of the icon (the 404 numerals, a spinner, the logo). */
  figure?: ReactNode;
  /** The catalogue's words for the page: its title, one sentence, and the label of the way on. */
  text: { title: string; body?: string; link?: string };
  /** Where the way on leads (home by default); without `text.link` there is none. */
  to?: ButtonLinkProps['to'];
  /** Other controls or notes under the text. */
  children?: ReactNode;
  /** Still working: the title is announced as a status. */
  busy?: boolean;
  /** `alert` when the page reports a failure as it appears. */
  role?: 'alert';
  testId?: string;
}

/**
 * A page that is a state rather than content: missing, failed, coming soon, or on its way. Centred in
 * the shell: a figure, the title (the page's h1), one sentence, and a way on.
 */
export function PageState({ icon: Icon, tone = 'muted', figure, text, to = '/', children, busy, role, testId }: PageStateProps) {
  return (
    <section
      className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-6 py-16 text-center"
      role={role}
      aria-busy={busy}
      data-testid={testId}
    >
      {figure ??
        (Icon && (
          <span className={cn('inline-flex size-16 items-center justify-center', tones[tone])}>
            <Icon aria-hidden="true" className="size-8" />
          </span>
        ))}
      <h1 className="mt-6 font-bold text-xl" role={busy ? 'status' : undefined}>
        {text.title}
      </h1>
      {text.body && <p className="mt-3 text-muted text-sm leading-relaxed">{text.body}</p>}
      {children}
      {text.link && (
        <ButtonLink to={to} className="mt-8">
          {text.link}
        </ButtonLink>
      )}
    </section>
  );
}
