import { ADMIN_TEXT } from '@shared/messages/admin';
import { ADMIN_MEMBERS_TEXT } from '@shared/messages/admin-members';
import { APP_TEXT } from '@shared/messages/app';
import { shortId } from '@shared/rules/admin';
import { formatCountAdmin, formatDateJa, formatTime } from '@shared/rules/format';
import { Avatar } from '@web/components/ui/avatar';
import { ListError, type ListQuery, ListState } from '@web/components/ui/list-state';
import { PageState } from '@web/components/ui/page-state';
import { LoadingStatus, Skeletons } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { CheckCircle2, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AdminLayout } from '../../components/admin-layout';
import { type AdminMember, type AdminMemberDetail, useAdminMember, useAdminMemberHistory, useAdminMemberSessions } from '../api/members';
import { AccessSelect, MemberActionButtons, MemberSwitch, PremiumBadge } from '../components/member-parts';
import { useMemberActions } from '../hooks/use-member-actions';

const D = ADMIN_MEMBERS_TEXT.detail;
const C = ADMIN_TEXT.common;

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** /admin/users/:userId: info, statistics, listening history and sessions (spec §2.4). */
export function AdminMemberDetailRoute() {
  const { userId = '' } = useParams();
  return (
    <AdminLayout title={APP_TEXT.routes.adminMembersUserIdTitle} back={{ to: '/admin?tab=users', label: D.backToTab }}>
      <UserDetail id={userId} />
    </AdminLayout>
  );
}

function UserDetail({ id }: { id: string }) {
  const detail = useAdminMember(id);
  const missing = !id || (detail.error instanceof ApiError && detail.error.status === 404);
  if (missing) {
    return (
      <PageState
        icon={UserX}
        text={{ title: D.notFound, body: D.notFoundBody, link: D.back }}
        to="/admin?tab=users"
        role="alert"
        testId="user-not-found"
      />
    );
  }
  if (detail.isError) {
    return <ListError what={D.info} title={C.loadFailed} onRetry={() => void detail.refetch()} />;
  }
  if (!detail.data) {
    return (
      <LoadingStatus label={ADMIN_MEMBERS_TEXT.table.loading} className="space-y-3">
        <Skeletons bars={['h-28 rounded-3xl', 'h-24 rounded-3xl', 'h-40 rounded-3xl']} />
      </LoadingStatus>
    );
  }
  return <UserDetailView detail={detail.data} />;
}

function Section({ title, children, testId, className }: { title: string; children: ReactNode; testId: string; className?: string }) {
  return (
    <section aria-label={title} data-testid={testId} className={cn('min-w-0 rounded-3xl border border-border p-4 sm:p-5', className)}>
      <h2 className="mb-3 font-bold text-base">{title}</h2>
      {children}
    </section>
  );
}

function UserDetailView({ detail }: { detail: AdminMemberDetail }) {
  const { user, stats } = detail;
  const actions = useMemberActions();
  const navigate = useNavigate();
  const wrapped = {
    ...actions,
    remove: (u: AdminMember, done?: (removed: boolean) => void) =>
      actions.remove(u, (removed) => {
        done?.(removed);
        if (removed) void navigate('/admin?tab=users', { replace: true });
      }),
  };
  const L = D.statLabels;
  const figures: [string, number, string][] = [
    [L.tracks, stats.tracks, 'tracks'],
    [L.plays, stats.plays, 'plays'],
    [L.likesGiven, stats.likesGiven, 'likesGiven'],
    [L.likesReceived, stats.likesReceived, 'likesReceived'],
    [L.playlists, stats.playlists, 'playlists'],
    [L.followers, stats.followers, 'followers'],
    [L.following, stats.following, 'following'],
    [L.listens, stats.listens, 'listens'],
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="user-detail">
      <Section title={D.info} testId="user-info" className="lg:col-span-2">
        <div className="flex flex-wrap items-center gap-4">
          <Avatar picture={user.picture} name={user.name} className="size-16" textClassName="text-2xl" />
          <div className="min-w-0 flex-1">
            <h1 className="break-words font-bold text-xl" data-testid="user-name">
              {user.name}
            </h1>
            <p className="font-mono text-muted text-sm" data-testid="user-id">
              {shortId(user.id)}
            </p>
          </div>
          <PremiumBadge user={user} />
        </div>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
          <Info label={D.customUserId}>{user.customUserId ?? '—'}</Info>
          <Info label={D.email}>{user.email ?? ADMIN_MEMBERS_TEXT.table.noEmail}</Info>
          <Info label={D.registered}>{formatDateJa(user.createdAt)}</Info>
          <Info label={D.updated}>{formatDateJa(user.updatedAt)}</Info>
          <Info label={D.premium} testId="user-premium">
            {user.isPremium && user.premiumEndDate ? D.premiumUntil(formatDateJa(user.premiumEndDate), user.daysRemaining) : D.free}
            {user.totalPremiumMonths > 0 && <span className="ml-2 text-muted">{D.premiumMonths(user.totalPremiumMonths)}</span>}
          </Info>
          <Info label={D.subscription}>{D.subscriptionStatus[user.subscriptionStatus]}</Info>
        </dl>
        <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 border-border border-t pt-4 text-sm">
          <div className="flex items-center gap-1.5">
            <span className="text-muted">{D.invite}</span>
            <MemberSwitch user={user} actions={wrapped} setting="invite" />
          </div>
          <div className="flex items-center gap-1.5">
            <span className="text-muted">{D.access}</span>
            <AccessSelect user={user} actions={wrapped} />
          </div>
          <div className="ml-auto">
            <MemberActionButtons user={user} actions={wrapped} />
          </div>
        </div>
      </Section>
      <Section title={D.stats} testId="user-stats" className="lg:col-span-2">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {figures.map(([label, value, key]) => (
            <div key={key} className="rounded-2xl bg-surface px-3 py-2.5">
              <dt className="text-muted text-xs">{label}</dt>
              <dd className="mt-0.5 font-semibold text-lg tabular-nums" data-testid={`stat-${key}`}>
                {formatCountAdmin(value)}
              </dd>
            </div>
          ))}
        </dl>
      </Section>
      <HistorySection id={user.id} />
      <SessionsSection id={user.id} />
    </div>
  );
}

function Info({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

function HistorySection({ id }: { id: string }) {
  const history = useAdminMemberHistory(id, true);
  return (
    <ListSection title={D.history} testId="user-history" query={history} bars={['h-10', 'h-10', 'h-10']} empty={D.historyEmpty}>
      {(entries) => (
        <ul className="max-h-96 divide-y divide-border overflow-y-auto" data-testid="user-history-list">
          {entries.map((h) => (
            <li key={h.id} className="flex items-center gap-3 py-2 text-sm" data-testid="history-entry">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{h.trackTitle ?? D.deletedTrack}</p>
                <p className="text-muted text-xs tabular-nums">
                  {D.historyLine(dateTime(h.createdAt), D.historyListened(formatTime(h.duration)))}
                </p>
              </div>
              <span className="flex shrink-0 items-center gap-1 text-xs tabular-nums">
                {h.completed && <CheckCircle2 aria-label={D.historyCompleted} className="size-4 text-accent" />}
                {D.historyProgress(Math.round(h.progressPercent))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </ListSection>
  );
}

function SessionsSection({ id }: { id: string }) {
  const sessions = useAdminMemberSessions(id, true);
  return (
    <ListSection title={D.sessions} testId="user-sessions" query={sessions} bars={['h-10', 'h-10']} empty={D.sessionsEmpty}>
      {(list) => (
        <ul className="divide-y divide-border" data-testid="user-sessions-list">
          {list.map((s) => (
            <li key={s.id} className="py-2 text-sm" data-testid="session-entry">
              <div className="flex items-center justify-between gap-3">
                <span className="font-mono" data-testid="session-id">
                  {shortId(s.id)}
                </span>
                <span className="text-muted text-xs tabular-nums">
                  {D.sessionActive} {dateTime(s.lastActiveAt)}
                </span>
              </div>
              <p className="truncate text-muted text-xs" title={s.deviceInfo ?? undefined}>
                {D.sessionLine(dateTime(s.createdAt), s.deviceInfo ?? D.unknownDevice)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </ListSection>
  );
}

/** A section of the detail that is a list: grey rows while loading, a one-line failure with its retry, its empty line. */
function ListSection<T>({
  title,
  testId,
  query,
  bars,
  empty,
  children,
}: {
  title: string;
  testId: string;
  query: ListQuery<T>;
  bars: string[];
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <Section title={title} testId={testId}>
      <ListState
        query={query}
        what={title}
        errorTitle={C.loadFailed}
        compact
        skeleton={<Skeletons className="space-y-2" bars={bars} />}
        empty={<p className="text-muted text-sm">{empty}</p>}
      >
        {children}
      </ListState>
    </Section>
  );
}
