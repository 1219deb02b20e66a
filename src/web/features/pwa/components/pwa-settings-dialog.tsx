import { enableFailureMessage } from '@shared/rules/push';
import { BACKGROUND_PLAY_PREMIUM_ONLY_MESSAGE, canEnableBackgroundPlay } from '@shared/rules/pwa';
import { Modal } from '@web/components/ui/dialog';
import { disablePush, enablePush, pushPermission } from '@web/features/notifications/api/push';
import { usePremium } from '@web/features/premium/api/get-premium-status';
import { readPwaSetting, usePwaSetting, writePwaSetting } from '@web/lib/pwa';
import { BellRing, Crown, Headphones, Play } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PwaSwitchRow } from './pwa-switch-row';

interface PwaSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * PWA settings (listener spec §2 Home player, §3, §4.2): notifications, autoplay and background play,
 * each kept in localStorage (L-3-26). Notifications go through the push settings' enable/disable
 * (permission, subscription); background play is refused for non-premium listeners with the spec's alert.
 */
export function PwaSettingsDialog({ open, onOpenChange }: PwaSettingsDialogProps) {
  const notificationsStored = usePwaSetting('pwa-notifications-enabled');
  const autoplay = usePwaSetting('pwa-autoplay-enabled');
  const backgroundPlay = usePwaSetting('pwa-background-play-enabled');
  const { isPremium: premium } = usePremium();
  const [busy, setBusy] = useState(false);
  const [pushProblem, setPushProblem] = useState<string | null>(null);
  const [premiumAlert, setPremiumAlert] = useState(false);
  const notifications = notificationsStored && pushPermission() === 'granted';

  const onNotifications = async (next: boolean) => {
    setBusy(true);
    setPushProblem(null);
    if (next) {
      const result = await enablePush();
      if (!result.on) setPushProblem(enableFailureMessage(result.reason));
    } else {
      await disablePush();
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
    <Modal open={open} onOpenChange={onOpenChange} title="PWA設定" description="ホーム画面から使うときの設定です" testId="pwa-settings">
      <div className="divide-y divide-border">
        <PwaSwitchRow
          icon={BellRing}
          label="プッシュ通知"
          hint="いいねやフォローをこの端末にお知らせします"
          checked={notifications}
          disabled={busy}
          onCheckedChange={(v) => void onNotifications(v)}
          testId="pwa-notifications-switch"
        />
        <PwaSwitchRow
          icon={Play}
          label="自動再生"
          hint="アプリを開くと2秒後に再生を始めます（1セッションに1回）"
          checked={autoplay}
          onCheckedChange={(v) => writePwaSetting('pwa-autoplay-enabled', v)}
          testId="pwa-autoplay-switch"
        />
        <PwaSwitchRow
          icon={Headphones}
          label="バックグラウンド再生"
          hint="画面を閉じたり他のアプリに切り替えても再生を続けます"
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
          <Link
            to="/premium"
            onClick={() => onOpenChange(false)}
            className="mt-2 inline-flex min-h-11 items-center gap-1.5 rounded-full bg-accent px-4 font-medium text-accent-fg hover:bg-accent-hover"
          >
            <Crown aria-hidden="true" className="size-4" />
            プレミアムについて見る
          </Link>
        </div>
      )}
    </Modal>
  );
}
