import { LoginRequired } from '@web/components/layout/login-required';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { usePullToRefresh } from '@web/lib/use-pull-to-refresh';
import { ArrowDown, Bell, CheckCheck, CircleAlert, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';
import { NotificationRow } from '../components/notification-row';
import { PushSettings } from '../components/push-settings';

/** Unread notifications turn read this long after the page shows them (listener spec §4). */
const AUTO_READ_MS = 1000;

/** /notifications (login required): pull-to-refresh, auto-read, read-all, the push switch. */
export function NotificationsRoute() {
  useDocumentTitle('通知');
  const { isSignedIn, isPending } = useUser();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-1 flex-col px-4 pb-8">
      <PageHeader title="通知" backTo="/" backLabel="ホームに戻る" actions={isSignedIn && <ReadAllButton />} />
      {isPending ? <ListSkeleton /> : isSignedIn ? <NotificationList /> : <LoginRequired body="通知を見るにはログインしてください。" />}
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
          onSuccess: () => toast({ title: 'すべて既読にしました' }),
          onError: (e) => {
            console.error('[notifications] read-all failed', e);
            toast({ title: 'エラー', description: '既読にできませんでした', variant: 'destructive' });
          },
        })
      }
      data-testid="read-all"
    >
      <CheckCheck aria-hidden="true" className="size-4" />
      すべて既読にする
    </Button>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-2" role="status" aria-label="読み込み中">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-start gap-3 px-3 py-3">
          <Skeleton className="size-11 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-3 w-16" />
          </div>
        </div>
      ))}
    </div>
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
              更新中…
            </>
          ) : (
            <>
              <ArrowDown aria-hidden="true" className={cn('size-4 transition-transform', pull.ready && 'rotate-180')} />
              {pull.ready ? '離して更新' : '引っ張って更新'}
            </>
          )}
        </span>
      </div>

      <PushSettings />

      <div className="mt-4 flex-1">
        {notifications.isPending ? (
          <ListSkeleton />
        ) : notifications.isError ? (
          <EmptyState
            icon={<CircleAlert aria-hidden="true" />}
            title="通知を読み込めませんでした"
            body="通信状況をご確認のうえ、もう一度お試しください。"
          >
            <Button className="mt-6" onClick={() => void notifications.refetch()}>
              再読み込み
            </Button>
          </EmptyState>
        ) : notifications.data.length === 0 ? (
          <EmptyState
            icon={<Bell aria-hidden="true" />}
            title="通知はまだありません"
            body="あなたの音声へのいいねや、新しいフォロワーがここに表示されます。"
            testId="notifications-empty"
          />
        ) : (
          <ul className="space-y-1" data-testid="notification-list" aria-busy={notifications.isFetching}>
            {notifications.data.map((n) => (
              <li key={n.id}>
                <NotificationRow n={n} now={now} onOpen={(item) => !item.isRead && mutate([item.id])} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
