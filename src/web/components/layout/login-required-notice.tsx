import { SHELL_TEXT } from '@shared/messages/shell';
import { useLoginPrompt } from '@web/lib/login-prompt';
import { LockKeyhole } from 'lucide-react';
import { Button } from '../ui/button';
import { PageState } from '../ui/page-state';

/**
 * A members' page seen while signed out: what the page is for and a login button that opens the login
 * modal (Sign in with Google), coming back to `returnTo` afterwards.
 */
export function LoginRequiredNotice({ returnTo, children, testId }: { returnTo: string; children: string; testId?: string }) {
  const { openLogin } = useLoginPrompt();
  return (
    <PageState icon={LockKeyhole} tone="accent" text={{ title: SHELL_TEXT.loginRequiredNotice.title, body: children }} testId={testId}>
      <Button size="lg" className="mt-8 w-full max-w-xs" onClick={() => openLogin(returnTo)}>
        {SHELL_TEXT.loginRequiredNotice.button}
      </Button>
    </PageState>
  );
}
