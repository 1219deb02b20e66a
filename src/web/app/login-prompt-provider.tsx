import { lazyPart } from '@web/lib/lazy-part';
import { type LoginPrompt, LoginPromptContext } from '@web/lib/login-prompt';
import { type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** The login modal is loaded the first time it is needed, keeping its dialog code out of the first download. */
const LoginModal = lazyPart(async () => (await import('@web/components/layout/login-modal')).LoginModal);

export function LoginPromptProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [target, setTarget] = useState<string | null>(null);
  const [used, setUsed] = useState(false);
  const onCancel = useRef<(() => void) | undefined>(undefined);
  const here = `${location.pathname}${location.search}`;
  const value = useMemo<LoginPrompt>(
    () => ({
      openLogin: (returnTo, options) => {
        onCancel.current = options?.onCancel;
        setUsed(true);
        setTarget(returnTo ?? here);
      },
    }),
    [here],
  );
  return (
    <LoginPromptContext value={value}>
      {children}
      {used && (
        <Suspense fallback={null}>
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
        </Suspense>
      )}
    </LoginPromptContext>
  );
}
