import { copyRefusal, invitationState, inviteUrl } from '@shared/rules/invitations';
import { LoginRequiredNotice } from '@web/components/layout/login-required-notice';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Ticket, UserPlus } from 'lucide-react';
import { type Invitation, useInvitationStats, useMyInvitations } from '../api/get-invitations';
import { InvitationRow } from '../components/invitation-row';

/** /invite-friends: the available invitation rights and the member's codes with copy buttons (L-2.3-12 .. L-2.3-14). */
export function InviteFriendsRoute() {
  useDocumentTitle('友達を招待');
  const { user, isPending } = useUser();
  const stats = useInvitationStats(Boolean(user));
  const codes = useMyInvitations(Boolean(user));

  if (isPending) return <InviteSkeleton />;
  if (!user) {
    return (
      <LoginRequiredNotice returnTo="/invite-friends" testId="invite-login-required">
        友達を招待するには、ログインしてください。
      </LoginRequiredNotice>
    );
  }

  return (
    <section className="mx-auto w-full max-w-xl px-4 pt-6 pb-10" data-testid="invite-friends">
      <h1 className="flex items-center gap-2 font-bold text-2xl">
        <UserPlus aria-hidden="true" className="size-6 text-accent" />
        友達を招待
      </h1>
      <p className="mt-2 text-muted leading-relaxed">無限は招待制です。招待リンクを送って、友達を無限に招待しましょう。</p>

      <div className="mt-6 rounded-3xl bg-accent-soft p-5">
        <p className="font-medium text-accent text-sm">招待できる人数</p>
        {stats.isPending ? (
          <Skeleton className="mt-2 h-10 w-24" />
        ) : (
          <p className="mt-1 font-bold text-4xl text-fg tabular-nums" data-testid="available-invites">
            {stats.data?.availableInvites ?? 0}
            <span className="ml-1 font-medium text-base text-muted">人</span>
          </p>
        )}
        {stats.data && (
          <p className="mt-1 text-muted text-sm">
            これまでに招待した人数: <span className="tabular-nums">{stats.data.totalInvitesUsed}</span>人
          </p>
        )}
      </div>

      <h2 className="mt-8 mb-3 font-bold text-lg">あなたの招待コード</h2>
      {codes.isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      ) : codes.isError ? (
        <p className="rounded-2xl bg-surface px-4 py-6 text-center text-muted">招待コードを読み込めませんでした。</p>
      ) : codes.data.length === 0 ? (
        <div className="flex flex-col items-center rounded-3xl bg-surface px-6 py-10 text-center">
          <Ticket aria-hidden="true" className="size-8 text-muted" />
          <p className="mt-3 font-medium">招待コードがありません</p>
          <p className="mt-1 text-muted text-sm">招待コードが発行されると、ここに表示されます。</p>
        </div>
      ) : (
        <ul className="space-y-3" data-testid="invitation-list">
          {sortByState(codes.data).map((inv) => (
            <InvitationRow
              key={inv.id}
              invitation={inv}
              state={invitationState(inv)}
              url={inviteUrl(window.location.origin, inv.code)}
              refusal={copyRefusal(inv)}
            />
          ))}
        </ul>
      )}
      <p className="mt-6 text-muted text-xs leading-relaxed">
        招待リンクを開いた方は、Googleアカウントでログインするだけで登録できます。使用済みまたは無効な招待コードはコピーできません。
      </p>
    </section>
  );
}

const STATE_ORDER = { usable: 0, used: 1, inactive: 2 } as const;

/** Codes that can still be shared first, then used ones, then inactive ones (stable within each group). */
function sortByState(list: Invitation[]): Invitation[] {
  return [...list].sort((a, b) => STATE_ORDER[invitationState(a)] - STATE_ORDER[invitationState(b)]);
}

function InviteSkeleton() {
  return (
    <div className="mx-auto w-full max-w-xl space-y-4 px-4 pt-6" aria-hidden="true">
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-28" />
      <Skeleton className="h-28" />
    </div>
  );
}
