import { ADMIN_TEXT } from '@shared/messages/admin';
import { ADMIN_MEMBERS_TEXT } from '@shared/messages/admin-members';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { listOf } from '@web/components/ui/list-state';
import { cn } from '@web/lib/cn';
import { DESKTOP_QUERY, useMediaQuery } from '@web/lib/use-media-query';
import { Search, Users } from 'lucide-react';
import { useEffect } from 'react';
import { AdminListState } from '../../components/admin-list-state';
import { AdminPagination } from '../../components/pagination';
import { useListParams } from '../../hooks/use-list-params';
import { type AdminMember, useAdminMembers } from '../api/members';
import { type MemberActions, useMemberActions } from '../hooks/use-member-actions';
import { AccessSelect, MemberActionButtons, MemberIdentity, MemberSwitch, PremiumBadge, premiumEndText, shortDate } from './member-parts';

const T = ADMIN_MEMBERS_TEXT.table;
const _C = ADMIN_TEXT.common;

/**
 * The console's tab 会員管理 (spec §2.4): search, "filtered / total", the member table (a table from
 * 1024 px, cards on a phone), 10 a page, and a load error with a reload button.
 */
export function UsersTab() {
  const { page, search, typed, setTyped, setPage, clear } = useListParams();
  const list = useAdminMembers(page, search);
  const actions = useMemberActions();
  const wide = useMediaQuery(DESKTOP_QUERY);
  const data = list.data;

  // The last page emptied by a deletion: go back one.
  useEffect(() => {
    if (data && data.users.length === 0 && page > 1 && !list.isPlaceholderData) setPage(page - 1);
  }, [data, page, list.isPlaceholderData, setPage]);

  const body = (
    <AdminListState
      query={listOf(list, (d) => d.users)}
      label={T.loading}
      bars={['h-16', 'h-16', 'h-16', 'h-16']}
      errorTestId="members-error"
      empty={
        search ? (
          <EmptyState icon={Search} title={T.emptySearch(search)} look="card" testId="members-empty">
            <Button variant="secondary" className="mt-4" onClick={clear}>
              {T.clearSearch}
            </Button>
          </EmptyState>
        ) : (
          <EmptyState icon={Users} title={T.empty} look="card" testId="members-empty" />
        )
      }
    >
      {(users) => (wide ? <MemberTable users={users} actions={actions} /> : <MemberCards users={users} actions={actions} />)}
    </AdminListState>
  );

  return (
    <section aria-labelledby="members-heading" data-testid="users-tab">
      <h2 id="members-heading" className="sr-only">
        {ADMIN_TEXT.tabs.users}
      </h2>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <label className="relative block w-full sm:max-w-sm">
          <span className="sr-only">{T.searchLabel}</span>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted" />
          <input
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={T.searchPlaceholder}
            maxLength={200}
            data-testid="members-search"
            className="min-h-11 w-full rounded-full border border-border bg-bg py-2 pr-4 pl-10 text-[15px] placeholder:text-muted"
          />
        </label>
        {data && (
          <p className="text-muted text-sm tabular-nums" data-testid="members-count" aria-live="polite">
            {T.counts(data.filtered, data.total)}
          </p>
        )}
      </div>
      <div className={cn(list.isPlaceholderData && 'opacity-60 transition-opacity')}>{body}</div>
      {data && data.users.length > 0 && <AdminPagination page={data.page} pageSize={data.limit} total={data.filtered} onPage={setPage} />}
    </section>
  );
}

function MemberTable({ users, actions }: { users: AdminMember[]; actions: MemberActions }) {
  const th = 'px-2.5 py-2.5 text-left font-medium text-muted text-xs whitespace-nowrap';
  const td = 'px-2.5 py-2 align-middle';
  return (
    <div className="overflow-x-auto rounded-2xl border border-border">
      <table className="w-full text-sm" data-testid="members-table">
        <thead className="bg-surface">
          <tr>
            <th className={th}>{T.status}</th>
            <th className={th}>{T.user}</th>
            <th className={th}>{T.email}</th>
            <th className={th}>{T.registered}</th>
            <th className={th}>{T.premiumEnd}</th>
            <th className={th}>{T.invite}</th>
            <th className={th}>{T.access}</th>
            <th className={th}>{T.actions}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {users.map((u) => (
            <tr key={u.id} data-testid="member-row" data-user-id={u.id}>
              <td className={td}>
                <PremiumBadge user={u} />
              </td>
              <td className={td}>
                <MemberIdentity user={u} />
              </td>
              <td className={td} title={u.email ?? undefined}>
                <div className="max-w-44 truncate" data-testid="member-email">
                  {u.email ?? T.noEmail}
                </div>
              </td>
              <td className={cn(td, 'whitespace-nowrap tabular-nums')} data-testid="member-registered">
                {registeredText(u)}
              </td>
              <td className={cn(td, 'whitespace-nowrap tabular-nums')} data-testid="member-premium-end">
                {premiumEndText(u)}
              </td>
              <td className={td}>
                <MemberSwitch user={u} actions={actions} setting="invite" />
              </td>
              <td className={td}>
                <AccessSelect user={u} actions={actions} />
              </td>
              <td className={td}>
                <MemberActionButtons user={u} actions={actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const registeredText = (u: AdminMember) => shortDate(u.createdAt);

/** At phone width each member is a card: the same fields, labelled, and the controls in a row. */
function MemberCards({ users, actions }: { users: AdminMember[]; actions: MemberActions }) {
  return (
    <ul className="space-y-3" data-testid="members-cards">
      {users.map((u) => (
        <li key={u.id} className="rounded-2xl border border-border p-4" data-testid="member-row" data-user-id={u.id}>
          <div className="flex items-start justify-between gap-3">
            <MemberIdentity user={u} />
            <PremiumBadge user={u} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">{T.email}</dt>
            <dd className="min-w-0 truncate" data-testid="member-email">
              {u.email ?? T.noEmail}
            </dd>
            <dt className="text-muted">{T.registered}</dt>
            <dd className="tabular-nums" data-testid="member-registered">
              {registeredText(u)}
            </dd>
            <dt className="text-muted">{T.premiumEnd}</dt>
            <dd className="tabular-nums" data-testid="member-premium-end">
              {premiumEndText(u)}
            </dd>
          </dl>
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 border-border border-t pt-3">
            <div className="flex items-center gap-1.5 text-sm">
              <span className="text-muted">{T.invite}</span>
              <MemberSwitch user={u} actions={actions} setting="invite" />
            </div>
            <div className="flex items-center gap-1.5 text-sm">
              <span className="text-muted">{T.access}</span>
              <AccessSelect user={u} actions={actions} />
            </div>
            <div className="ml-auto">
              <MemberActionButtons user={u} actions={actions} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
