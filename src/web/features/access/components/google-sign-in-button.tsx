import { ACCESS_TEXT } from '@shared/messages/access';
import { GoogleLogo } from '@web/components/layout/login-modal';
import { Button } from '@web/components/ui/button';
import { startSignIn } from '@web/lib/session';
import { useEffect, useState } from 'react';

/** As in the login modal: after a click the button rests 3 s, so a double tap starts one sign-in. */
const COOLDOWN_MS = 3000;

export function GoogleSignInButton({ redirect, className }: { redirect?: string; className?: string }) {
  const [cooling, setCooling] = useState(false);
  useEffect(() => {
    if (!cooling) return;
    const t = setTimeout(() => setCooling(false), COOLDOWN_MS);
    return () => clearTimeout(t);
  }, [cooling]);
  return (
    <Button
      size="lg"
      variant="secondary"
      disabled={cooling}
      className={className ?? 'w-full border-border bg-bg'}
      onClick={() => {
        setCooling(true);
        startSignIn({ redirect });
      }}
      data-testid="google-sign-in"
    >
      <GoogleLogo />
      {ACCESS_TEXT.googleSignInButton.googleSignIn}
    </Button>
  );
}
