import { PWA_TEXT } from '@shared/messages/pwa';
import { enableFailureMessage } from '@shared/rules/push';
import { BACKGROUND_PLAY_PREMIUM_ONLY_MESSAGE, canEnableBackgroundPlay } from '@shared/rules/pwa';
import { ButtonLink } from '@web/components/ui/button';
import { type DialogShown, Modal } from '@web/components/ui/dialog';
import { readPwaSetting, usePwaSetting, writePwaSetting } from '@web/lib/pwa';
import { BellRing, Crown, Headphones, Play } from 'lucide-react';
import { useState } from 'react';
import { PwaSwitchRow } from './pwa-switch-row';

/** The notifications feature's push subscription, as the app hands it in. */
export interface PushSwitch {
  enable: () => Promise<{ on: true } | { on: false; reason: Parameters<typeof enableFailureMessage>[0] }>;
  disable: () => Promise<unknown>;
  permission: () => NotificationPermission | 'unsupported';
}

interface PwaSettingsDialogProps {
  /** Premium as the premium feature decides it. */
  isPremium: boolean;
  push: PushSwitch;
}

/**
 * PWA settings (listener spec §2 Home player, §3, §4.2): notifications, autoplay and background play,
 * each kept in localStorage (L-3-26). Notifications go through the push settings' enable/disable
 * (permission, subscription); background play is refused for non-premium listeners with the spec's alert.
 */
export function PwaSettingsDialog({ isPremium: premium, push, ...shown }: PwaSettingsDialogProps & DialogShown) {
  const notificationsStored = usePwaSetting('pwa-notifications-enabled');
  const autoplay = usePwaSetting('pwa-autoplay-enabled');
  const backgroundPlay = usePwaSetting('pwa-background-play-enabled');
  const [busy, setBusy] = useState(false);
  const [pushProblem, setPushProblem] = useState<string | null>(null);
  const [premiumAlert, setPremiumAlert] = useState(false);
  const notifications = notificationsStored && push.permission() === 'granted';

  const onNotifications = async (next: boolean) => {
    setBusy(true);
    setPushProblem(null);
    if (next) {
      const result = await push.enable();
      if (!result.on) setPushProblem(enableFailureMessage(result.reason));
    } else {
      await push.disable();
    }
    // enablePush / disablePush stored the switch themselves; this tells the hooks.
    writePwaSetting('pwa-notifications-enabled', readPwaSetting('pwa-notifications-enabled'));
    setBusy(false);
  };

  const onBackgroundPlay = (next: boolean) => {
    if (next && !canEnableBackgroundPlay(premium)) {
      setPremiumAlert(true);
      return;
    }
    setPremiumAlert(false);
    writePwaSetting('pwa-background-play-enabled', next);
  };

  return (
    <Modal {...shown} title={PWA_TEXT.pwaSettingsDialog.title} description={PWA_TEXT.pwaSettingsDialog.description} testId="pwa-settings">
      <div className="divide-y divide-border">
        <PwaSwitchRow
          icon={BellRing}
          label={PWA_TEXT.pwaSettingsDialog.label}
          hint={PWA_TEXT.pwaSettingsDialog.hint}
          checked={notifications}
          disabled={busy}
          onCheckedChange={(v) => void onNotifications(v)}
          testId="pwa-notifications-switch"
        />
        <PwaSwitchRow
          icon={Play}
          label={PWA_TEXT.pwaSettingsDialog.label2}
          hint={PWA_TEXT.pwaSettingsDialog.hint2}
          checked={autoplay}
          onCheckedChange={(v) => writePwaSetting('pwa-autoplay-enabled', v)}
          testId="pwa-autoplay-switch"
        />
        <PwaSwitchRow
          icon={Headphones}
          label={PWA_TEXT.pwaSettingsDialog.label3}
          hint={PWA_TEXT.pwaSettingsDialog.hint3}
          checked={backgroundPlay && premium}
          onCheckedChange={onBackgroundPlay}
          testId="pwa-background-play-switch"
        />
      </div>
      {pushProblem && (
        <p
          role="alert"
          className="mt-2 rounded-xl bg-danger-soft px-3 py-2 text-danger text-sm leading-relaxed"
          data-testid="pwa-push-error"
        >
          {pushProblem}
        </p>
      )}
      {premiumAlert && (
        <div role="alert" className="mt-2 rounded-xl bg-danger-soft px-3 py-3 text-sm leading-relaxed" data-testid="pwa-premium-alert">
          <p className="font-semibold text-danger">{BACKGROUND_PLAY_PREMIUM_ONLY_MESSAGE}</p>
          <ButtonLink to="/premium" onClick={() => shown.onOpenChange(false)} size="sm" className="mt-2">
            <Crown aria-hidden="true" className="size-4" />
            {PWA_TEXT.pwaSettingsDialog.link}
          </ButtonLink>
        </div>
      )}
    </Modal>
  );
}
