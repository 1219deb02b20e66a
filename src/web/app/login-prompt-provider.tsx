import { LoginModal } from '@web/components/layout/login-modal';
import { type LoginPrompt, LoginPromptContext } from '@web/lib/login-prompt';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';

export function LoginPromptProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [target, setTarget] = useState<string | null>(null);
  const onCancel = useRef<(() => void) | undefined>(undefined);
  const here = `${location.pathname}${location.search}`;
  const value = useMemo<LoginPrompt>(
    () => ({
      openLogin: (returnTo, options) => {
        onCancel.current = options?.onCancel;
        setTarget(returnTo ?? here);
      },
    }),
    [here],
  );
  return (
    <LoginPromptContext value={value}>
      {children}
      <LoginModal
        open={target !== null}
        onOpenChange={(open) => {
          if (open) return;
          setTarget(null);
          onCancel.current?.();
          onCancel.current = undefined;
        }}
        returnTo={target ?? here}
      />
    </LoginPromptContext>
  );
}
