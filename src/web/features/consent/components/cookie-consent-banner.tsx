import { CONSENT_TEXT } from '@shared/messages/consent';
import { type ConsentChoice, consentFlags } from '@shared/rules/consent';
import { Button } from '@web/components/ui/button';
import { Switch } from '@web/components/ui/switch';
import { cn } from '@web/lib/cn';
import { Cookie, X } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { recordConsent, storeConsent } from '../api/record-consent';
import { CONSENT_ROOM, takeStaticBanner } from '../static-banner';

/**
 * The cookie consent banner (listener spec §2 Global interface, L-2.4-12 .. L-2.4-17): allow all,
 * essential only (also what closing it means), or a custom analytics choice with the essential switch
 * fixed on. The choice is stored, sent as POST /api/session, and the banner is not shown again.
 * Shown by CookieConsent when no choice is stored. It takes the place of the static copy that
 * index.html paints before the scripts run (on the custom choice when カスタマイズ was tapped there).
 *
 * A compact bar in the page's flow under the header (issue 20): it covers nothing (the play button, the
 * bottom navigation and the player bar stay usable), and its height is left to the home player as
 * `--consent-room`, which shrinks its artwork so the controls stay on a phone's first screen. It does
 * not slide in: it is part of the first screen, painted with it.
 */
export function CookieConsentBanner() {
  const [open, setOpen] = useState(true);
  const [custom, setCustom] = useState(() => takeStaticBanner()?.custom ?? false);
  const [analytics, setAnalytics] = useState(false);
  const analyticsId = useId();
  const essentialId = useId();
  const ref = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    const bar = ref.current;
    if (!open || !bar) return;
    const root = document.documentElement;
    const room = () => root.style.setProperty(CONSENT_ROOM, `${bar.offsetHeight}px`);
    room();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(room) : null;
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(CONSENT_ROOM);
    };
  }, [open]);

  if (!open) return null;

  const choose = (choice: ConsentChoice) => {
    const flags = consentFlags(choice);
    storeConsent(flags);
    setOpen(false);
    void recordConsent(flags);
  };

  const T = CONSENT_TEXT.cookieConsentBanner;
  return (
    <section
      ref={ref}
      aria-label={T.cookieBannerLabel}
      data-testid="cookie-banner"
      data-consent-bar=""
      className="border-border border-b bg-surface"
    >
      <div className="mx-auto flex max-w-3xl flex-wrap items-center gap-x-3 gap-y-1.5 py-2 pr-[max(0.25rem,env(safe-area-inset-right))] pl-[max(1rem,env(safe-area-inset-left))]">
        <p className="flex min-w-0 flex-[1_1_15rem] items-start gap-2 text-muted text-xs leading-relaxed">
          <Cookie aria-hidden="true" className="mt-px size-4 shrink-0 text-accent" />
          <span>
            {T.intro}
            <Link to="/privacy" className="text-accent underline underline-offset-2">
              {T.link}
            </Link>
          </span>
        </p>
        {custom && (
          <ul className="order-3 basis-full divide-y divide-border rounded-2xl bg-bg" data-testid="cookie-custom">
            <li className="flex items-center gap-3 px-4 py-2">
              <label htmlFor={essentialId} className="min-w-0 flex-1">
                <span className="block font-medium text-sm">{T.essential}</span>
                <span className="block text-muted text-xs leading-relaxed">{T.essentialHint}</span>
              </label>
              <Switch id={essentialId} checked disabled />
            </li>
            <li className="flex items-center gap-3 px-4 py-2">
              <label htmlFor={analyticsId} className="min-w-0 flex-1">
                <span className="block font-medium text-sm">{T.analytics}</span>
                <span className="block text-muted text-xs leading-relaxed">{T.analyticsHint}</span>
              </label>
              <Switch id={analyticsId} checked={analytics} onCheckedChange={setAnalytics} />
            </li>
          </ul>
        )}
        <div className={cn('flex items-center gap-1.5', custom ? 'order-4 ml-auto' : 'order-3 sm:order-2')}>
          {custom ? (
            <Button size="sm" onClick={() => choose({ kind: 'custom', analytics })}>
              {T.button}
            </Button>
          ) : (
            <>
              <Button size="sm" onClick={() => choose({ kind: 'all' })}>
                {T.button2}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => choose({ kind: 'essential' })}>
                {T.button3}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setCustom(true)}>
                {T.button4}
              </Button>
            </>
          )}
        </div>
        <button
          type="button"
          aria-label={T.ariaLabel}
          onClick={() => choose({ kind: 'essential' })}
          className={cn(
            'order-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2',
            !custom && 'sm:order-3',
          )}
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </section>
  );
}
