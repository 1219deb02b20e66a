import { PROFILE_FORM_MESSAGES } from '@shared/rules/profile-form';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import { UserX } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteAccount } from '../api/delete-account';
import { ConfirmDialog } from './confirm-dialog';

/** Account settings at the foot of My Page: deleting the account, after a confirmation (L-7.1-17, L-8-25, L-8-26). */
export function AccountSection() {
  const [confirming, setConfirming] = useState(false);
  const del = useDeleteAccount();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="account-settings" className="mt-10 border-border border-t pt-6" data-testid="account-section">
      <h2 id="account-settings" className="font-bold">
        アカウント設定
      </h2>
      <p className="mt-1 text-muted text-sm leading-relaxed">
        アカウントを削除すると、お気に入り、プレイリスト、フォロー、投稿した音声もすべて削除されます。
      </p>
      <Button
        variant="ghost"
        className="mt-3 border border-danger/40 px-4 text-danger text-sm hover:bg-danger-soft"
        onClick={() => setConfirming(true)}
        data-testid="delete-account"
      >
        <UserX aria-hidden="true" className="size-4" />
        アカウントを削除
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={PROFILE_FORM_MESSAGES.deleteAccountConfirm}
        description="お気に入り、プレイリスト、フォロー、投稿した音声もすべて削除され、元に戻せません。"
        confirmLabel="削除する"
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
