import { ACCESS_STATUS_LABELS, ADMIN_MEMBERS_TEXT } from '@shared/messages/admin-members';
import { adminPremiumEnd, memberDeleteAlert } from '@shared/rules/admin-members';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/toast';
import {
  type AccessStatus,
  type AdminMember,
  useDeleteAdminMember,
  useSetAdminAccess,
  useSetAdminInvitation,
  useSetAdminPremium,
} from '../api/members';

const T = ADMIN_MEMBERS_TEXT.toasts;

/**
 * The operator's changes to a member, with the spec's toasts (§8): premium (30 days from now, or off),
 * invite permission, access status, and deletion with its alert by status. A 401 means the console's
 * session is gone: the status is asked again and the login form comes back.
 */
export function useMemberActions() {
  const queryClient = useQueryClient();
  const premium = useSetAdminPremium();
  const invitation = useSetAdminInvitation();
  const access = useSetAdminAccess();
  const remove = useDeleteAdminMember();

  const on401 = (err: unknown) => {
    if (err instanceof ApiError && err.status === 401) void queryClient.invalidateQueries({ queryKey: queryKeys.admin.status() });
  };
  const failed = (title: string) => (err: unknown) => {
    console.error('[admin members]', err);
    toast({ title, description: serverMessage(err) ?? undefined, variant: 'destructive' });
    on401(err);
  };

  return {
    busy: premium.isPending || invitation.isPending || access.isPending || remove.isPending,
    deleting: remove.isPending,
    setPremium: (user: AdminMember, isPremium: boolean, done?: () => void) =>
      premium.mutate(
        { userId: user.id, isPremium, endDate: isPremium ? adminPremiumEnd(new Date()).toISOString() : null },
        {
          onSuccess: () => toast({ title: T.premiumUpdated }),
          onError: failed(T.premiumFailed),
          onSettled: done,
        },
      ),
    setInvitation: (user: AdminMember, canInvite: boolean) =>
      invitation.mutate(
        { userId: user.id, canInvite },
        { onSuccess: () => toast({ title: T.inviteUpdated(canInvite) }), onError: failed(T.inviteFailed) },
      ),
    setAccess: (user: AdminMember, accessStatus: AccessStatus) =>
      access.mutate(
        { userId: user.id, accessStatus },
        { onSuccess: () => toast({ title: T.accessUpdated(ACCESS_STATUS_LABELS[accessStatus]) }), onError: failed(T.accessFailed) },
      ),
    remove: (user: AdminMember, done?: (removed: boolean) => void) =>
      remove.mutate(user.id, {
        onSuccess: () => {
          toast({ title: T.deleted(user.name) });
          done?.(true);
        },
        onError: (err) => {
          console.error('[admin members] delete', err);
          const status = err instanceof ApiError ? err.status : null;
          toast({ title: memberDeleteAlert(status, serverMessage(err)), variant: 'destructive' });
          if (status === 404) void queryClient.invalidateQueries({ queryKey: queryKeys.admin.users() });
          on401(err);
          done?.(false);
        },
      }),
  };
}

export type MemberActions = ReturnType<typeof useMemberActions>;
