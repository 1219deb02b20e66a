import { SHELL_TEXT } from '@shared/messages/shell';
import { useLoginPrompt } from '@web/lib/login-prompt';
import { LogIn } from 'lucide-react';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';

/** What a members' page shows a visitor: the reason and a button that opens the login prompt. */
export function LoginRequired({ body }: { body: string }) {
  const { openLogin } = useLoginPrompt();
  return (
    <EmptyState icon={LogIn} title={SHELL_TEXT.loginRequired.title} body={body} look="page" testId="login-required">
      <Button className="mt-6" onClick={() => openLogin()}>
        {SHELL_TEXT.loginRequired.button}
      </Button>
    </EmptyState>
  );
}
