import { LoginModal } from '@web/components/layout/login-modal';
import { type LoginPrompt, LoginPromptContext } from '@web/lib/login-prompt';
import { type ReactNode, useMemo, useState } from 'react';
import { useLocation } from 'react-router';

export function LoginPromptProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [target, setTarget] = useState<string | null>(null);
  const here = `${location.pathname}${location.search}`;
  const value = useMemo<LoginPrompt>(() => ({ openLogin: (returnTo) => setTarget(returnTo ?? here) }), [here]);
  return (
    <LoginPromptContext value={value}>
      {children}
      <LoginModal
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        returnTo={target ?? here}
      />
    </LoginPromptContext>
  );
}
