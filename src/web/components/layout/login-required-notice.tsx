import { SHELL_TEXT } from '@shared/messages/shell';
import { useLoginPrompt } from '@web/lib/login-prompt';
import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';

/**
 * A members' page seen while signed out: what the page is for and a login button that opens the login
 * modal (Sign in with Google), coming back to `returnTo` afterwards.
 */
export function LoginRequiredNotice({ returnTo, children, testId }: { returnTo: string; children: ReactNode; testId?: string }) {
  const { openLogin } = useLoginPrompt();
  return (
    <section
      className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-6 py-16 text-center"
      data-testid={testId}
    >
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-accent-soft text-accent">
        <LockKeyhole aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 font-bold text-2xl">{SHELL_TEXT.loginRequiredNotice.heading}</h1>
      <p className="mt-3 text-muted leading-relaxed">{children}</p>
      <Button size="lg" className="mt-8 w-full max-w-xs" onClick={() => openLogin(returnTo)}>
        {SHELL_TEXT.loginRequiredNotice.button}
      </Button>
    </section>
  );
}
