import { PWA_TEXT } from '@shared/messages/pwa';
import { type DialogShown, Modal } from '@web/components/ui/dialog';

/** The three steps of 'ホーム画面に追加' (listener spec §2 Home player, L-2.5-13). */
export const INSTALL_STEPS = [PWA_TEXT.installSteps.tapShare, PWA_TEXT.installSteps.chooseAdd, PWA_TEXT.installSteps.tapAdd] as const;

const T = PWA_TEXT.installGuideDialog;

/** The install guide, marked coming soon (L-2.5-12): how to add 無限 to the home screen in three steps. */
export function InstallGuideDialog(shown: DialogShown) {
  return (
    <Modal {...shown} title={T.title} description={T.description} testId="install-guide">
      <ol className="space-y-3" aria-label={PWA_TEXT.installGuideDialog.ariaLabel}>
        {INSTALL_STEPS.map((step, i) => (
          <li key={step} className="flex items-center gap-3 rounded-2xl bg-surface p-3" data-testid="install-step">
            <span
              aria-hidden="true"
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-accent-fg text-sm"
            >
              {i + 1}
            </span>
            <span className="text-[15px]">{step}</span>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
