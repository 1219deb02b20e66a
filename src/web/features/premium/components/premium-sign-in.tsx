import { PREMIUM_PAGES_TEXT } from '@shared/messages/premium-pages';
import { googleSignInUrl } from '@shared/rules/access';
import { GoogleLogo } from '@web/components/layout/login-modal';
import { Button } from '@web/components/ui/button';
import { useEffect, useState } from 'react';

/** After a click the button rests 3 s, as the other sign-in buttons do, so a double tap starts one sign-in. */
const COOLDOWN_MS = 3000;

/** The sign-in URL of /premium: back to the payment step afterwards (C-2.2-03). */
export const PREMIUM_SIGN_IN_URL = googleSignInUrl({ redirect: 'premium', payment: true });

/** A visitor's step before the card form: sign in with Google (creator-operator spec §2.2). */
export function PremiumSignIn() {
  const [cooling, setCooling] = useState(false);
  useEffect(() => {
    if (!cooling) return;
    const t = setTimeout(() => setCooling(false), COOLDOWN_MS);
    return () => clearTimeout(t);
  }, [cooling]);
  return (
    <div data-testid="premium-sign-in">
      <h2 className="font-bold text-lg">{PREMIUM_PAGES_TEXT.premiumPage.signInTitle}</h2>
      <p className="mt-1 text-muted text-sm leading-relaxed">{PREMIUM_PAGES_TEXT.premiumPage.signInBody}</p>
      <Button
        size="lg"
        variant="secondary"
        disabled={cooling}
        className="mt-4 w-full border-border bg-bg"
        onClick={() => {
          setCooling(true);
          window.location.assign(PREMIUM_SIGN_IN_URL);
        }}
        data-testid="premium-google-sign-in"
      >
        <GoogleLogo />
        {PREMIUM_PAGES_TEXT.premiumPage.googleSignIn}
      </Button>
    </div>
  );
}
