import { eq } from 'drizzle-orm';
import { PROGRESS_MESSAGES } from '../../../../shared/messages/admin-themes';
import type { ProgressStage } from '../../../../shared/rules/admin-themes';
import { type ProgressMessage, ProgressMessageSchema } from '../../../../shared/schemas/admin-themes';
import { type Database, type Db, notifyChannel } from '../../../db/client';
import { tasks } from '../../../db/schema';
import type { TaskRow } from '../../../jobs/queue';
import { ADMIN_GENERATE, taskErrorMessage } from './generation-task';

/**
 * Live progress of the operators' generation (spec §3, §7: /ws and the AI生成 stream). The worker
 * NOTIFYs every step on PROGRESS_CHANNEL; every app instance LISTENs once and hands each message to its
 * own subscribers of that task, so a browser connected to any instance hears a worker running anywhere
 * (PostgreSQL LISTEN/NOTIFY; PGlite delivers them inside its one process the same way).
 */
export const PROGRESS_CHANNEL = 'mugen_task_progress';

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more: a larger message goes without its rawData. */
const NOTIFY_MAX_BYTES = 7900;

export function progressMessage(
  taskId: number,
  stage: ProgressStage,
  progress: number,
  message: string,
  extra: { details?: ProgressMessage['details']; rawData?: ProgressMessage['rawData']; at?: Date } = {},
): ProgressMessage {
  return {
    taskId,
    progress: Math.max(0, Math.min(100, Math.round(progress))),
    stage,
    message,
    timestamp: (extra.at ?? new Date()).toISOString(),
    details: extra.details ?? {},
    ...(extra.rawData ? { rawData: extra.rawData } : {}),
  };
}

/** Tells every instance's subscribers (after the current transaction commits, when inside one). */
export async function publishProgress(db: Db, message: ProgressMessage): Promise<void> {
  let payload = JSON.stringify(message);
  if (Buffer.byteLength(payload) > NOTIFY_MAX_BYTES) {
    const { rawData: _dropped, ...rest } = message;
    payload = JSON.stringify(rest);
  }
  await notifyChannel(db, PROGRESS_CHANNEL, payload);
}

/** A task's state now, as a progress message: what a late subscriber (or one whose connection was lost) is told first. */
export function snapshotOf(row: TaskRow): ProgressMessage {
  const at = row.updatedAt;
  const result = (row.result ?? null) as { trackId?: number } | null;
  switch (row.status) {
    case 'queued':
      return progressMessage(row.id, 'initialization', row.progress, PROGRESS_MESSAGES.queued, { at });
    case 'completed': {
      const trackId = result?.trackId;
      return progressMessage(row.id, 'task_complete', 100, PROGRESS_MESSAGES.task_complete, {
        at,
        details: trackId ? { trackId } : {},
        ...(trackId ? { rawData: { finalTrackData: { id: trackId } } } : {}),
      });
    }
    case 'failed':
      return progressMessage(row.id, 'error', row.progress, taskErrorMessage(row) ?? PROGRESS_MESSAGES.failed, { at });
    case 'cancelled':
      return progressMessage(row.id, 'error', row.progress, PROGRESS_MESSAGES.cancelled, { at });
    default: {
      const stage: ProgressStage =
        row.stage === 'audio_generation'
          ? 'audio_generation'
          : row.stage === 'script_generation'
            ? 'script_generation'
            : 'task_initialization';
      const message =
        stage === 'audio_generation'
          ? PROGRESS_MESSAGES.audio_generation
          : stage === 'script_generation'
            ? PROGRESS_MESSAGES.script_generation
            : PROGRESS_MESSAGES.task_initialization;
      return progressMessage(row.id, stage, row.progress, message, { at });
    }
  }
}

/** The snapshot of one of the operators' generation tasks, or null when there is none of that id. */
export async function snapshotOfTask(db: Db, taskId: number): Promise<ProgressMessage | null> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, taskId));
  return row && row.kind === ADMIN_GENERATE ? snapshotOf(row) : null;
}

export type ProgressListener = (message: ProgressMessage) => void;

export interface ProgressHub {
  /** Hears one task's messages from now on; answers the unsubscribe function. */
  subscribe(taskId: number, listener: ProgressListener): () => void;
  close(): Promise<void>;
}

/**
 * This instance's one LISTEN on PROGRESS_CHANNEL, shared by its /ws connections and AI生成 streams.
 * After a lost database connection (the listener hears `*`), every subscriber is sent its task's
 * state again from the table, since what was sent meanwhile is gone.
 */
export async function createProgressHub(database: Database): Promise<ProgressHub> {
  const listeners = new Map<number, Set<ProgressListener>>();
  const deliver = (message: ProgressMessage) => {
    for (const listener of listeners.get(message.taskId) ?? []) {
      try {
        listener(message);
      } catch {
        // one subscriber's failure (a closed socket) is not another's
      }
    }
  };
  const unlisten = await database.listen(PROGRESS_CHANNEL, (payload) => {
    if (payload === '*') {
      for (const taskId of listeners.keys()) {
        snapshotOfTask(database.db, taskId).then(
          (m) => m && deliver(m),
          () => {},
        );
      }
      return;
    }
    try {
      const message = ProgressMessageSchema.safeParse(JSON.parse(payload));
      if (message.success) deliver(message.data);
    } catch {
      // not JSON: not one of ours
    }
  });
  return {
    subscribe(taskId, listener) {
      let set = listeners.get(taskId);
      if (!set) {
        set = new Set();
        listeners.set(taskId, set);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(taskId);
        current?.delete(listener);
        if (current && current.size === 0) listeners.delete(taskId);
      };
    },
    async close() {
      listeners.clear();
      await unlisten();
    },
  };
}
