import { ADMIN_THEMES_MESSAGES } from '../../../../shared/messages/admin-themes';
import type { JobKind } from '../../../jobs/kinds';
import { LEASE_LOST_MESSAGE, type TaskRow } from '../../../jobs/queue';

/** The task kind of the operators' generation (a theme's MP3, or AI生成's text) in the task queue. */
export const ADMIN_GENERATE = 'admin-generate' satisfies JobKind;

/**
 * A failed task's message as the console shows it: the job stores Japanese messages; the queue's own
 * (a worker that died on every attempt) is said in Japanese too.
 */
export function taskErrorMessage(row: Pick<TaskRow, 'status' | 'errorMessage'>): string | null {
  if (row.status !== 'failed') return null;
  if (!row.errorMessage || row.errorMessage === LEASE_LOST_MESSAGE) return ADMIN_THEMES_MESSAGES.failure.workerLost;
  return row.errorMessage;
}
