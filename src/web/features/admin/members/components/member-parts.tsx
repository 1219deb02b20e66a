import { ACCESS_STATUS_LABELS, ADMIN_MEMBERS_TEXT } from '@shared/messages/admin-members';
import { shortId } from '@shared/rules/admin';
import { adminPremiumEnd } from '@shared/rules/admin-members';
import { formatDateJa } from '@shared/rules/format';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { IconButton } from '@web/components/ui/icon-button';
import { Switch } from '@web/components/ui/switch';
import { cn } from '@web/lib/cn';
import { Crown, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AccessStatus, AdminMember } from '../api/members';
import type { MemberActions } from '../hooks/use-member-actions';

const T = ADMIN_MEMBERS_TEXT.table;
const ACCESS_ORDER = Object.keys(ACCESS_STATUS_LABELS) as AccessStatus[];

/** プレミアム or 無料: what the premium rule says now (spec §2.4 status column). */
export function PremiumBadge({ user }: { user: AdminMember }) {
  return (
    <span
      data-testid="member-status"
      className={cn(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs',
        user.isPremium ? 'bg-accent-soft text-accent' : 'bg-surface-2 text-muted',
      )}
    >
      {user.isPremium && <Crown aria-hidden="true" className="size-3" />}
      {user.isPremium ? T.premium : T.free}
    </span>
  );
}

/** The picture (an upload, an emoji of up to 2 characters, or the initial), the name and the id to 8 characters. */
export function MemberIdentity({ user, className }: { user: AdminMember; className?: string }) {
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)}>
      <Avatar picture={user.picture} name={user.name} className="size-10" textClassName="text-base" />
      <div className="min-w-0">
        <Link
          to={`/admin/users/${encodeURIComponent(user.id)}`}
          className="block max-w-44 truncate font-medium hover:underline"
          aria-label={T.detailLabel(user.name)}
          data-testid="member-name"
        >
          {user.name}
        </Link>
        <span className="block font-mono text-muted text-xs" data-testid="member-id">
          {shortId(user.id)}
        </span>
      </div>
    </div>
  );
}

/** A date in the console's dense lists: 2025/05/29, Japan time. */
export const shortDate = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

export const premiumEndText = (user: AdminMember) => (user.isPremium && user.premiumEndDate ? shortDate(user.premiumEndDate) : T.noEnd);

/** Approved, pending or denied: what the access gate and every members-only call read. */
export function AccessSelect({ user, actions }: { user: AdminMember; actions: MemberActions }) {
  return (
    <select
      value={user.accessStatus}
      aria-label={T.accessLabel(user.name)}
      data-testid="member-access"
      disabled={actions.busy}
      onChange={(e) => actions.setAccess(user, e.target.value as AccessStatus)}
      className={cn(
        'min-h-11 rounded-xl border border-border bg-bg px-2.5 text-sm',
        user.accessStatus === 'denied' && 'border-danger/50 text-danger',
        user.accessStatus === 'pending' && 'text-muted',
      )}
    >
      {ACCESS_ORDER.map((s) => (
        <option key={s} value={s}>
          {ACCESS_STATUS_LABELS[s]}
        </option>
      ))}
    </select>
  );
}

/** A member's switch in the console: may invite (the table, the detail page) or premium (the simple list, spec §2.4). */
export function MemberSwitch({ user, actions, setting }: { user: AdminMember; actions: MemberActions; setting: 'invite' | 'premium' }) {
  const invite = setting === 'invite';
  return (
    <Switch
      checked={invite ? user.canInvite : user.isPremium}
      onCheckedChange={(on) => (invite ? actions.setInvitation(user, on) : actions.setPremium(user, on))}
      label={invite ? T.inviteLabel(user.name) : ADMIN_MEMBERS_TEXT.list.toggleLabel(user.name)}
      disabled={actions.busy}
      testId={invite ? 'member-invite' : 'member-premium-toggle'}
    />
  );
}

/** Edit premium (30 days from now, or off) and delete, each after a confirmation (spec §2.4, §5). */
export function MemberActionButtons({ user, actions }: { user: AdminMember; actions: MemberActions }) {
  const [asking, setAsking] = useState<'premium' | 'delete' | null>(null);
  const close = () => setAsking(null);
  const D = ADMIN_MEMBERS_TEXT.premiumDialog;
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="secondary"
        className="min-h-11 whitespace-nowrap px-3 text-[13px]"
        onClick={() => setAsking('premium')}
        disabled={actions.busy}
        aria-label={T.premiumLabel(user.name)}
        data-testid="member-premium"
      >
        <Crown aria-hidden="true" className="size-4" />
        {user.isPremium ? T.revokeShort : T.grantShort}
      </Button>
      <IconButton
        icon={Trash2}
        tone="danger"
        label={T.deleteLabel(user.name)}
        onClick={() => setAsking('delete')}
        disabled={actions.busy}
        data-testid="member-delete"
      />
      <ConfirmDialog
        open={asking === 'premium'}
        onOpenChange={(open) => !open && close()}
        title={user.isPremium ? D.revokeTitle(user.name) : D.grantTitle(user.name)}
        description={user.isPremium ? D.revokeBody : D.grantBody(formatDateJa(adminPremiumEnd(new Date())))}
        confirmLabel={user.isPremium ? D.revoke : D.grant}
        danger={user.isPremium}
        busy={actions.busy}
        onConfirm={() => actions.setPremium(user, !user.isPremium, close)}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        onOpenChange={(open) => !open && close()}
        title={ADMIN_MEMBERS_TEXT.deleteDialog.title(user.name)}
        description={ADMIN_MEMBERS_TEXT.deleteDialog.body}
        confirmLabel={ADMIN_MEMBERS_TEXT.deleteDialog.confirm}
        busy={actions.deleting}
        onConfirm={() => actions.remove(user, close)}
      />
    </div>
  );
}
