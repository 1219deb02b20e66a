import { ADMIN_TASKS_POLL_MS } from '@shared/rules/admin-themes';
import type {
  AdminMessageSchema,
  AdminTask,
  AdminTasksAnswerSchema,
  ClearedAnswerSchema,
  ScheduledJobsAnswerSchema,
} from '@shared/schemas/admin-themes';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/**
 * The generation queue's calls (creator-operator spec §7, issue 18): a page of tasks asked for every
 * 3 s, cancel, clear the failed ones, clean up invalid ones. A change fetches every page again, and the
 * library too (a theme comes back to it when its task ends).
 */
export type { AdminTask };
export type AdminTaskPage = Answer<typeof AdminTasksAnswerSchema>;

export const getAdminTasks = (page: number) => api<AdminTaskPage>(`/api/admin/tasks?page=${page}`);

/** A page of the queue, polled every 3 s (spec §9); the previous page stays on screen while the next loads. */
export const adminTasksQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.tasks(page),
    queryFn: () => getAdminTasks(page),
    staleTime: 0,
    refetchInterval: ADMIN_TASKS_POLL_MS,
    placeholderData: keepPreviousData,
  });
export const useAdminTasks = (page: number) => useQuery(adminTasksQueryOptions(page));

export type ScheduledJob = Answer<typeof ScheduledJobsAnswerSchema>['jobs'][number];

/** The scheduled jobs change every few minutes: asked for every 30 s. */
const SCHEDULED_JOBS_POLL_MS = 30_000;

/** The jobs the workers run on a schedule (#26.2), with their last and next run. */
export const useScheduledJobs = () =>
  useQuery({
    queryKey: queryKeys.admin.scheduledJobs(),
    queryFn: () => api<Answer<typeof ScheduledJobsAnswerSchema>>('/api/admin/scheduled-jobs'),
    refetchInterval: SCHEDULED_JOBS_POLL_MS,
  });

export function useRefreshQueue() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.tasksAll() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.themes() }),
    ]);
}

export function useCancelTask() {
  const refresh = useRefreshQueue();
  return useMutation({
    mutationFn: (id: number) => api<Answer<typeof AdminMessageSchema>>(`/api/admin/tasks/${id}/cancel`, { method: 'POST' }),
    onSettled: refresh,
  });
}

export function useClearFailedTasks() {
  const refresh = useRefreshQueue();
  return useMutation({
    mutationFn: () => api<Answer<typeof ClearedAnswerSchema>>('/api/admin/tasks/failed', { method: 'DELETE' }),
    onSettled: refresh,
  });
}

export function useCleanupInvalidTasks() {
  const refresh = useRefreshQueue();
  return useMutation({
    mutationFn: () => api<Answer<typeof ClearedAnswerSchema>>('/api/admin/cleanup/invalid-tasks', { method: 'DELETE' }),
    onSettled: refresh,
  });
}
