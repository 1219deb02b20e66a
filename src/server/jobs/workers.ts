import type { Database } from '../db/client';
import { deleteExpiredPreviews } from '../features/creation/previews';
import { type PublishRenderer, publishJob } from '../features/creation/publish';
import { renderDialogueInWorker } from '../providers/audio/render-pool';
import type { StorageProvider } from '../providers/storage/types';
import type { TtsSettings } from '../providers/tts/index';
import { startWorker, type WorkerOptions } from './queue';

const PREVIEW_SWEEP_MS = 5 * 60_000;

/**
 * The job handlers of every task kind, and the scheduled clean-ups. The app process runs them by
 * default (the embedded database is one process's); `npm run worker` runs them in processes of their
 * own against PostgreSQL, as many as wanted. Answers the stop function.
 */
export async function startJobWorkers(
  database: Database,
  storage: StorageProvider,
  opts: WorkerOptions & { render?: PublishRenderer; tts?: TtsSettings; log?: (err: unknown) => void } = {},
) {
  const render: PublishRenderer =
    opts.render ?? ((script, speakingRate) => renderDialogueInWorker(script, { speakingRate, tts: opts.tts }));
  const stopWorker = await startWorker(
    database,
    { 'publish-track': publishJob(database.db, storage, render) },
    { ...opts, onError: (err) => opts.log?.(err) },
  );
  const sweep = setInterval(() => {
    deleteExpiredPreviews(database.db, storage).catch((err) => opts.log?.(err));
  }, PREVIEW_SWEEP_MS);
  sweep.unref();
  return async () => {
    clearInterval(sweep);
    await stopWorker();
  };
}
