import type { Notification, NotificationSchema, UnreadCountSchema } from '@shared/schemas/social';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The list is fresh for 30 s (listener spec §7); the unread count is asked every 5 s while signed in. */
export const NOTIFICATIONS_STALE_MS = 30_000;
export const UNREAD_POLL_MS = 5000;

export const getNotifications = () => api<Answer<typeof NotificationSchema>[]>('/api/notifications');
export const getUnreadCount = () => api<Answer<typeof UnreadCountSchema>>('/api/notifications/unread-count');
export const markRead = (id: number) => api(`/api/notifications/${id}/read`, { method: 'POST' });
export const markAllRead = () => api('/api/notifications/read-all', { method: 'POST' });

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notifications.list(), queryFn: getNotifications, staleTime: NOTIFICATIONS_STALE_MS });

export function useNotifications(enabled = true) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}

/** The unread badge of the bottom navigation (polled every 5 s while signed in, never signed out). */
export function useUnreadCount(signedIn: boolean) {
  const query = useQuery({
    queryKey: queryKeys.notifications.unreadCount(),
    queryFn: getUnreadCount,
    enabled: signedIn,
    staleTime: 0,
    refetchInterval: signedIn ? UNREAD_POLL_MS : false,
  });
  return signedIn ? (query.data?.count ?? 0) : 0;
}

/** Marks notifications read in the cached list at once, then asks the count again. */
function useMarkedRead() {
  const queryClient = useQueryClient();
  return (ids: number[] | 'all') => {
    queryClient.setQueryData<Notification[]>(queryKeys.notifications.list(), (list) =>
      list?.map((n) => (ids === 'all' || ids.includes(n.id) ? { ...n, isRead: true } : n)),
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.unreadCount() });
  };
}

/** POST /api/notifications/{id}/read for each id. */
export function useMarkRead() {
  const marked = useMarkedRead();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      await Promise.all(ids.map(markRead));
      return ids;
    },
    onSuccess: (ids) => marked(ids),
  });
}

/** POST /api/notifications/read-all. */
export function useMarkAllRead() {
  const marked = useMarkedRead();
  return useMutation({ mutationFn: markAllRead, onSuccess: () => marked('all') });
}
