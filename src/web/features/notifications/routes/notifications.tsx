import { NOTIFICATIONS_TEXT } from '@shared/messages/notifications';
import { LoginRequired } from '@web/components/layout/login-required';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListState } from '@web/components/ui/list-state';
import { LoadingStatus, RowSkeletons } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { failureToast, toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { usePullToRefresh } from '@web/lib/use-pull-to-refresh';
import { ArrowDown, Bell, CheckCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';
import { NotificationRow } from '../components/notification-row';
import { PushSettings } from '../components/push-settings';

/** Unread notifications turn read this long after the page shows them (listener spec §4). */
const AUTO_READ_MS = 1000;

/** /notifications (login required): pull-to-refresh, auto-read, read-all, the push switch. */
export function NotificationsRoute() {
  useDocumentTitle(NOTIFICATIONS_TEXT.notifications.documentTitle);
  const { isSignedIn, isPending } = useUser();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-1 flex-col px-4 pb-8">
      <PageHeader
        title={NOTIFICATIONS_TEXT.notifications.documentTitle}
        backTo="/"
        backLabel={NOTIFICATIONS_TEXT.notifications.backLabel}
        actions={isSignedIn && <ReadAllButton />}
      />
      {isPending ? <ListSkeleton /> : isSignedIn ? <NotificationList /> : <LoginRequired body={NOTIFICATIONS_TEXT.notifications.body} />}
    </div>
  );
}

function ReadAllButton() {
  const readAll = useMarkAllRead();
  return (
    <Button
      variant="ghost"
      className="min-h-10 px-3 text-accent text-sm"
      disabled={readAll.isPending}
      onClick={() =>
        readAll.mutate(undefined, {
          onSuccess: () => toast({ title: NOTIFICATIONS_TEXT.readAllButton.title }),
          onError: failureToast(
            '[notifications] read-all failed',
            NOTIFICATIONS_TEXT.readAllButton.title2,
            NOTIFICATIONS_TEXT.readAllButton.description,
          ),
        })
      }
      data-testid="read-all"
    >
      <CheckCheck aria-hidden="true" className="size-4" />
      {NOTIFICATIONS_TEXT.readAllButton.readAll}
    </Button>
  );
}

function ListSkeleton() {
  return (
    <LoadingStatus label={NOTIFICATIONS_TEXT.listSkeleton.ariaLabel} className="space-y-2">
      <RowSkeletons count={4} className="flex items-start gap-3 px-3 py-3" lead="size-11 rounded-full" lines={['h-4 w-5/6', 'h-3 w-16']} />
    </LoadingStatus>
  );
}

function NotificationList() {
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const area = useRef<HTMLDivElement>(null);
  const pull = usePullToRefresh(area, () => notifications.refetch());
  const [now, setNow] = useState(() => new Date());
  const { mutate } = markRead;

  // Relative times move on while the page stays open.
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(t);
  }, []);
  useEffect(() => {
    if (notifications.dataUpdatedAt) setNow(new Date());
  }, [notifications.dataUpdatedAt]);

  // Unread items shown on the page are marked read 1 s later.
  const unread = (notifications.data ?? []).filter((n) => !n.isRead).map((n) => n.id);
  const unreadKey = unread.join(',');
  useEffect(() => {
    if (!unreadKey) return;
    const ids = unreadKey.split(',').map(Number);
    const t = setTimeout(() => mutate(ids, { onError: (e) => console.error('[notifications] auto-read failed', e) }), AUTO_READ_MS);
    return () => clearTimeout(t);
  }, [unreadKey, mutate]);

  return (
    <div ref={area} className="flex flex-1 flex-col" data-testid="notifications-area">
      <div
        aria-hidden={!pull.refreshing && pull.distance === 0}
        className="flex items-end justify-center overflow-hidden text-muted text-xs transition-[height] duration-150"
        style={{ height: pull.distance }}
        data-testid="pull-indicator"
      >
        <span className="mb-2 inline-flex items-center gap-1.5">
          {pull.refreshing ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              {NOTIFICATIONS_TEXT.notificationList.refreshing}
            </>
          ) : (
            <>
              <ArrowDown aria-hidden="true" className={cn('size-4 transition-transform', pull.ready && 'rotate-180')} />
              {pull.ready ? NOTIFICATIONS_TEXT.notificationList.ready : NOTIFICATIONS_TEXT.notificationList.notReady}
            </>
          )}
        </span>
      </div>

      <PushSettings />

      <div className="mt-4 flex-1">
        <ListState
          query={notifications}
          what={NOTIFICATIONS_TEXT.notificationList.what}
          skeleton={<ListSkeleton />}
          empty={
            <EmptyState
              icon={Bell}
              title={NOTIFICATIONS_TEXT.notificationList.title}
              body={NOTIFICATIONS_TEXT.notificationList.body}
              testId="notifications-empty"
            />
          }
        >
          {(items) => (
            <ul className="space-y-1" data-testid="notification-list" aria-busy={notifications.isFetching}>
              {items.map((n) => (
                <li key={n.id}>
                  <NotificationRow n={n} now={now} onOpen={(item) => !item.isRead && mutate([item.id])} />
                </li>
              ))}
            </ul>
          )}
        </ListState>
      </div>
    </div>
  );
}
