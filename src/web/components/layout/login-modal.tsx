import { STORAGE_KEYS } from '@shared/constants';
import { SHELL_TEXT } from '@shared/messages/shell';
import { writeStored } from '@web/lib/storage';
import { useCooldown } from '@web/lib/use-cooldown';
import { Link } from 'react-router';
import { Button } from '../ui/button';
import { ClosesDialog, Modal } from '../ui/dialog';
import { LogoMark } from '../ui/logo-mark';

interface LoginModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the listener returns after signing in. */
  returnTo: string;
}

/** "Login is required to use this feature" (listener spec §2, §8), in the shared Modal's card: Escape, the overlay or × closes it. */
export function LoginModal({ open, onOpenChange, returnTo }: LoginModalProps) {
  const [cooling, cool] = useCooldown();

  const signIn = () => {
    cool();
    writeStored('session', STORAGE_KEYS.returnPath, returnTo);
    window.location.assign(`/api/auth/google?redirect=${encodeURIComponent(returnTo)}`);
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={SHELL_TEXT.loginModal.title}
      description={SHELL_TEXT.loginModal.description}
      figure={<LogoMark className="mx-auto size-14" />}
      testId="login-modal"
      overlayTestId="login-overlay"
    >
      <Button
        onClick={signIn}
        disabled={cooling}
        size="lg"
        variant="secondary"
        className="mt-6 w-full border-border bg-bg"
        data-testid="google-sign-in"
      >
        <GoogleLogo />
        {SHELL_TEXT.loginModal.googleSignIn}
      </Button>
      <p className="mt-4 text-muted text-xs leading-relaxed">
        {SHELL_TEXT.loginModal.consentPrefix}
        <ClosesDialog>
          <Link to="/terms" className="mx-0.5 text-accent underline underline-offset-2">
            {SHELL_TEXT.loginModal.link}
          </Link>
        </ClosesDialog>
        {SHELL_TEXT.loginModal.consentSuffix}
      </p>
    </Modal>
  );
}

export function GoogleLogo() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.3 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path fill="#1976D2" d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z" />
    </svg>
  );
}
