import { ACCESS_TEXT } from '@shared/messages/access';
import { GoogleLogo } from '@web/components/layout/login-modal';
import { Button } from '@web/components/ui/button';
import { startSignIn } from '@web/lib/session';
import { useCooldown } from '@web/lib/use-cooldown';

export function GoogleSignInButton({ redirect, className }: { redirect?: string; className?: string }) {
  // As in the login modal: the button rests 3 s after a click, so a double tap starts one sign-in.
  const [cooling, cool] = useCooldown();
  return (
    <Button
      size="lg"
      variant="secondary"
      disabled={cooling}
      className={className ?? 'w-full border-border bg-bg'}
      onClick={() => {
        cool();
        startSignIn({ redirect });
      }}
      data-testid="google-sign-in"
    >
      <GoogleLogo />
      {ACCESS_TEXT.googleSignInButton.googleSignIn}
    </Button>
  );
}
