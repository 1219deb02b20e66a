import { ACCESS_TEXT } from '@shared/messages/access';
import { SHARE_TEXT } from '@shared/messages/share';
import { INVITATION_MESSAGES, type InvitationState } from '@shared/rules/invitations';
import { ShareActions } from '@web/components/share/share-actions';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { failureToast, toast } from '@web/lib/toast';
import { useCopiedTick } from '@web/lib/use-copy';
import { Check, Copy } from 'lucide-react';
import type { Invitation } from '../api/get-invitations';

const STATE_LABEL: Record<InvitationState, string> = {
  usable: ACCESS_TEXT.stateLabel.usable,
  used: ACCESS_TEXT.stateLabel.used,
  inactive: ACCESS_TEXT.stateLabel.inactive,
};

interface InvitationRowProps {
  invitation: Invitation;
  state: InvitationState;
  url: string;
  /** Why copying is refused (used or inactive), else null. */
  refusal: string | null;
}

/** One code: the code, its state and uses, its invite URL and the copy button (refused when used or inactive). */
export function InvitationRow({ invitation, state, url, refusal }: InvitationRowProps) {
  const { copied, flash } = useCopiedTick();

  const copy = async () => {
    if (refusal) {
      toast({ title: refusal, variant: 'destructive' });
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      flash();
      toast({ title: INVITATION_MESSAGES.copied, description: url });
    } catch (e) {
      failureToast('[invite] copy failed', INVITATION_MESSAGES.copyFailed, INVITATION_MESSAGES.copyFailedHint)(e);
    }
  };

  return (
    <li
      data-testid="invitation-row"
      data-code={invitation.code}
      data-state={state}
      className={cn('rounded-3xl border border-border bg-bg p-4 shadow-card', state === 'inactive' && 'opacity-50')}
    >
      <div className="flex items-center justify-between gap-3">
        <p className={cn('font-bold font-mono text-xl tracking-[0.12em]', state === 'used' && 'text-muted line-through decoration-1')}>
          {invitation.code}
        </p>
        <span
          className={cn(
            'shrink-0 rounded-full px-2.5 py-0.5 font-medium text-xs',
            state === 'usable' ? 'bg-accent-soft text-accent' : 'bg-surface-2 text-muted',
          )}
        >
          {STATE_LABEL[state]}
        </span>
      </div>
      <p className="mt-1 select-all truncate text-muted text-sm" title={url}>
        {url}
      </p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p className="text-muted text-sm tabular-nums">
          {ACCESS_TEXT.invitationRow.usesPrefix}
          {invitation.usedCount} / {invitation.maxUses}
        </p>
        <div className="ml-auto flex items-center gap-2">
          {/* A code that can still be used is also sent on: the share sheet and LINE (issue 20). */}
          {state === 'usable' && (
            <ShareActions
              look="icons"
              url={url}
              title={SHARE_TEXT.sharedText.invitationTitle}
              text={SHARE_TEXT.sharedText.invitation}
              copy={false}
            />
          )}
          {/* Not disabled: a click on a used or inactive code must say why it cannot be copied. */}
          <Button
            variant={refusal ? 'secondary' : 'primary'}
            onClick={copy}
            aria-label={ACCESS_TEXT.invitationRow.copyInvitationLabel(invitation.code, refusal ? `（${STATE_LABEL[state]}）` : '')}
            data-testid="copy-invitation"
            className={cn('shrink-0', refusal && 'text-muted')}
          >
            {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
            {copied ? ACCESS_TEXT.invitationRow.copied : ACCESS_TEXT.invitationRow.notCopied}
          </Button>
        </div>
      </div>
    </li>
  );
}
