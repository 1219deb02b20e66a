import { PROFILE_TEXT } from '@shared/messages/profile';
import { PROFILE_FORM_MESSAGES } from '@shared/rules/profile-form';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { toast } from '@web/lib/toast';
import { UserX } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteAccount } from '../api/delete-account';

/** Account settings at the foot of My Page: deleting the account, after a confirmation (L-7.1-17, L-8-25, L-8-26). */
export function AccountSection() {
  const [confirming, setConfirming] = useState(false);
  const del = useDeleteAccount();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="account-settings" className="mt-10 border-border border-t pt-6" data-testid="account-section">
      <h2 id="account-settings" className="font-bold">
        {PROFILE_TEXT.accountSection.heading}
      </h2>
      <p className="mt-1 text-muted text-sm leading-relaxed">{PROFILE_TEXT.accountSection.warning}</p>
      <Button
        variant="ghost"
        className="mt-3 border border-danger/40 px-4 text-danger text-sm hover:bg-danger-soft"
        onClick={() => setConfirming(true)}
        data-testid="delete-account"
      >
        <UserX aria-hidden="true" className="size-4" />
        {PROFILE_TEXT.accountSection.deleteAccount}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={PROFILE_FORM_MESSAGES.deleteAccountConfirm}
        description={PROFILE_TEXT.accountSection.description}
        confirmLabel={PROFILE_TEXT.accountSection.confirmLabel}
        danger
        busy={del.isPending}
        onConfirm={() =>
          del.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: PROFILE_FORM_MESSAGES.accountDeleted });
              void navigate('/', { replace: true });
            },
            onError: () => {
              setConfirming(false);
              toast({ title: PROFILE_FORM_MESSAGES.accountDeleteFailed, variant: 'destructive' });
            },
          })
        }
      />
    </section>
  );
}
