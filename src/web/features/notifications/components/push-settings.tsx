import { NOTIFICATIONS_TEXT } from '@shared/messages/notifications';
import { enableFailureMessage } from '@shared/rules/push';
import { Switch } from '@web/components/ui/switch';
import { failureToast, toast } from '@web/lib/toast';
import { BellRing, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { disablePush, enablePush, pushEnabledLocally, pushPermission, sendTestPush } from '../api/push';

/**
 * The notifications switch of this device: asks the browser's permission (default, granted, denied)
 * and subscribes to web push; says why when it cannot (listener spec §4, §8).
 */
export function PushSettings() {
  const id = useId();
  const [on, setOn] = useState(pushEnabledLocally);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const onChange = async (next: boolean) => {
    setBusy(true);
    setProblem(null);
    setNote(null);
    if (!next) {
      await disablePush();
      setOn(false);
      setBusy(false);
      return;
    }
    const result = await enablePush();
    setBusy(false);
    if (!result.on) {
      setOn(false);
      setProblem(enableFailureMessage(result.reason));
      return;
    }
    setOn(true);
    if (!result.subscribed) setNote(NOTIFICATIONS_TEXT.pushSettings.setNote);
  };

  const onTest = async () => {
    try {
      const r = await sendTestPush();
      toast({
        title: r.devices > 0 ? NOTIFICATIONS_TEXT.pushSettings.cond : NOTIFICATIONS_TEXT.pushSettings.notCond,
        description: r.devices > 0 ? NOTIFICATIONS_TEXT.pushSettings.cond2(r.sent) : NOTIFICATIONS_TEXT.pushSettings.notCond2,
      });
    } catch (e) {
      failureToast('[push] test push failed', NOTIFICATIONS_TEXT.pushSettings.title, NOTIFICATIONS_TEXT.pushSettings.description)(e);
    }
  };

  const denied = pushPermission() === 'denied';

  return (
    <section className="rounded-2xl border border-border bg-bg p-4" aria-labelledby={`${id}-title`} data-testid="push-settings">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
          <BellRing aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <label id={`${id}-title`} htmlFor={id} className="block cursor-pointer font-semibold text-[15px]">
            {NOTIFICATIONS_TEXT.pushSettings.label}
          </label>
          <p className="text-muted text-xs leading-relaxed">{NOTIFICATIONS_TEXT.pushSettings.hint}</p>
        </div>
        <Switch id={id} checked={on} disabled={busy} onCheckedChange={(v) => void onChange(v)} testId="push-switch" />
      </div>
      {problem && (
        <p role="alert" className="mt-3 rounded-xl bg-danger-soft px-3 py-2 text-danger text-sm leading-relaxed" data-testid="push-error">
          {problem}
        </p>
      )}
      {!problem && denied && !on && <p className="mt-3 text-muted text-xs leading-relaxed">{NOTIFICATIONS_TEXT.pushSettings.blocked}</p>}
      {note && (
        <p className="mt-3 text-muted text-xs leading-relaxed" data-testid="push-note">
          {note}
        </p>
      )}
      {on && (
        <button
          type="button"
          onClick={() => void onTest()}
          className="mt-3 inline-flex min-h-10 items-center gap-1.5 rounded-full px-3 font-medium text-accent text-sm hover:bg-accent-soft"
        >
          <Send aria-hidden="true" className="size-4" />
          {NOTIFICATIONS_TEXT.pushSettings.button}
        </button>
      )}
    </section>
  );
}
