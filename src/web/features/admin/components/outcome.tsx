import { cn } from '@web/lib/cn';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const TONES = {
  good: { box: 'bg-accent-soft', title: 'text-accent', role: 'status' },
  bad: { box: 'bg-danger-soft', title: 'text-danger', role: 'alert' },
} as const;

interface OutcomeProps {
  tone: keyof typeof TONES;
  icon: LucideIcon;
  title: string;
  /** Inside a card (a task's progress): smaller. */
  small?: boolean;
  className?: string;
  testId: string;
  children?: ReactNode;
}

/** How a console task ended (generated, failed) or what is wrong: a tinted box, its icon and title, then what to do. */
export function Outcome({ tone, icon: Icon, title, small, className, testId, children }: OutcomeProps) {
  const t = TONES[tone];
  return (
    <section role={t.role} className={cn(small ? 'rounded-xl p-3' : 'rounded-2xl p-4', t.box, className)} data-testid={testId}>
      <p className={cn('flex items-center', small ? 'gap-1.5 font-medium text-sm' : 'gap-2 font-bold', t.title)}>
        <Icon aria-hidden="true" className={small ? 'size-4' : 'size-5'} />
        {title}
      </p>
      {children}
    </section>
  );
}
