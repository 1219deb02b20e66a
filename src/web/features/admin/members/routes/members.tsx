import { ADMIN_MEMBERS_TEXT } from '@shared/messages/admin-members';
import { APP_TEXT } from '@shared/messages/app';
import { EmptyState } from '@web/components/ui/empty-state';
import { listOf } from '@web/components/ui/list-state';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { AdminLayout } from '../../components/admin-layout';
import { AdminListState } from '../../components/admin-list-state';
import { AdminPagination } from '../../components/pagination';
import { useAdminMembers } from '../api/members';
import { MemberIdentity, MemberSwitch, PremiumBadge } from '../components/member-parts';
import { useMemberActions } from '../hooks/use-member-actions';

const L = ADMIN_MEMBERS_TEXT.list;

/** /admin/users: the simple member list with the premium toggle and remaining days (spec §2.4). */
export function AdminMembersRoute() {
  return (
    <AdminLayout title={APP_TEXT.routes.adminMembersTitle} back={{ to: '/', label: L.backHome }}>
      <SimpleMemberList />
    </AdminLayout>
  );
}

function SimpleMemberList() {
  const [page, setPage] = useState(1);
  const list = useAdminMembers(page, '');
  const actions = useMemberActions();
  const data = list.data;

  const body = (
    <AdminListState
      query={listOf(list, (d) => d.users)}
      label={ADMIN_MEMBERS_TEXT.table.loading}
      bars={['h-16', 'h-16', 'h-16']}
      errorTestId="members-error"
      empty={<EmptyState icon={Users} title={ADMIN_MEMBERS_TEXT.table.empty} look="card" />}
    >
      {(users) => (
        <ul className="divide-y divide-border rounded-2xl border border-border" data-testid="simple-members">
          {users.map((u) => (
            <li key={u.id} className="flex items-center gap-3 px-4 py-3" data-testid="member-row" data-user-id={u.id}>
              <MemberIdentity user={u} className="flex-1" />
              <div className="flex shrink-0 flex-col items-end gap-0.5 text-right">
                <PremiumBadge user={u} />
                <span className="text-muted text-xs tabular-nums" data-testid="member-remaining">
                  {u.isPremium ? L.remaining(u.daysRemaining) : L.notPremium}
                </span>
              </div>
              <MemberSwitch user={u} actions={actions} setting="premium" />
            </li>
          ))}
        </ul>
      )}
    </AdminListState>
  );

  return (
    <section aria-labelledby="simple-members-heading">
      <div className="mb-4">
        <h1 id="simple-members-heading" className="font-bold text-xl">
          {L.title}
        </h1>
        <p className="text-muted text-sm">{L.lead}</p>
      </div>
      {body}
      {data && data.users.length > 0 && <AdminPagination page={data.page} pageSize={data.limit} total={data.filtered} onPage={setPage} />}
    </section>
  );
}
