import { CONSENT_TEXT } from '@shared/messages/consent';
import { type ConsentChoice, consentFlags } from '@shared/rules/consent';
import { Button } from '@web/components/ui/button';
import { Cookie, X } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { recordConsent, storeConsent } from '../api/record-consent';
import { takeStaticBanner } from '../static-banner';

/**
 * The cookie consent banner (listener spec §2 Global interface, L-2.4-12 .. L-2.4-17): allow all,
 * essential only (also what closing it means), or a custom analytics choice with the essential switch
 * fixed on. The choice is stored, sent as POST /api/session, and the banner is not shown again.
 * Shown by CookieConsent when no choice is stored. It takes the place of the static copy that
 * index.html paints before the scripts run (on the custom choice when カスタマイズ was tapped there).
 * It does not slide in: it is part of the first screen, painted with it (the page's largest text, so
 * an entrance animation would delay the largest contentful paint).
 */
export function CookieConsentBanner() {
  const [open, setOpen] = useState(true);
  const [custom, setCustom] = useState(() => takeStaticBanner()?.custom ?? false);
  const [analytics, setAnalytics] = useState(false);
  const analyticsId = useId();
  const essentialId = useId();

  if (!open) return null;

  const choose = (choice: ConsentChoice) => {
    const flags = consentFlags(choice);
    storeConsent(flags);
    setOpen(false);
    void recordConsent(flags);
  };

  return (
    <section
      aria-label={CONSENT_TEXT.cookieConsentBanner.cookieBannerLabel}
      data-testid="cookie-banner"
      className="fixed inset-x-0 bottom-0 z-[45] px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
    >
      <div className="relative mx-auto max-h-[calc(100dvh-5rem)] w-full max-w-xl overflow-y-auto rounded-3xl border border-border bg-bg p-5 pt-4 shadow-card">
        <button
          type="button"
          aria-label={CONSENT_TEXT.cookieConsentBanner.ariaLabel}
          onClick={() => choose({ kind: 'essential' })}
          className="absolute top-1.5 right-1.5 inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
        <h2 className="flex items-center gap-2 pr-10 font-bold">
          <Cookie aria-hidden="true" className="size-5 text-accent" />
          {CONSENT_TEXT.cookieConsentBanner.heading}
        </h2>
        <p className="mt-2 text-muted text-sm leading-relaxed">
          {CONSENT_TEXT.cookieConsentBanner.intro}
          <Link to="/privacy" className="mx-0.5 text-accent underline underline-offset-2">
            {CONSENT_TEXT.cookieConsentBanner.link}
          </Link>
          {CONSENT_TEXT.cookieConsentBanner.introEnd}
        </p>

        {custom && (
          <ul className="mt-4 divide-y divide-border rounded-2xl bg-surface" data-testid="cookie-custom">
            <li className="flex items-center gap-3 px-4 py-3">
              <label htmlFor={essentialId} className="min-w-0 flex-1">
                <span className="block font-medium text-sm">{CONSENT_TEXT.cookieConsentBanner.essential}</span>
                <span className="block text-muted text-xs leading-relaxed">{CONSENT_TEXT.cookieConsentBanner.essentialHint}</span>
              </label>
              <ConsentSwitch id={essentialId} checked disabled />
            </li>
            <li className="flex items-center gap-3 px-4 py-3">
              <label htmlFor={analyticsId} className="min-w-0 flex-1">
                <span className="block font-medium text-sm">{CONSENT_TEXT.cookieConsentBanner.analytics}</span>
                <span className="block text-muted text-xs leading-relaxed">{CONSENT_TEXT.cookieConsentBanner.analyticsHint}</span>
              </label>
              <ConsentSwitch id={analyticsId} checked={analytics} onCheckedChange={setAnalytics} />
            </li>
          </ul>
        )}

        <div className="mt-4 grid grid-cols-2 gap-2">
          {custom ? (
            <Button className="col-span-2" onClick={() => choose({ kind: 'custom', analytics })}>
              {CONSENT_TEXT.cookieConsentBanner.button}
            </Button>
          ) : (
            <>
              <Button className="col-span-2" onClick={() => choose({ kind: 'all' })}>
                {CONSENT_TEXT.cookieConsentBanner.button2}
              </Button>
              <Button variant="secondary" className="px-3 text-sm" onClick={() => choose({ kind: 'essential' })}>
                {CONSENT_TEXT.cookieConsentBanner.button3}
              </Button>
              <Button variant="ghost" className="px-3 text-sm" onClick={() => setCustom(true)}>
                {CONSENT_TEXT.cookieConsentBanner.button4}
              </Button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function ConsentSwitch(props: { id: string; checked: boolean; disabled?: boolean; onCheckedChange?: (v: boolean) => void }) {
  return (
    <Switch.Root
      {...props}
      className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-muted/45 transition-colors data-[state=checked]:bg-accent data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60"
    >
      <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow-card transition-transform data-[state=checked]:translate-x-6" />
    </Switch.Root>
  );
}
