import { startJobWorkers } from '../jobs/workers';
import type { TestApp } from './app';
import { testJapanese } from './japanese';

type WorkerOptions = NonNullable<Parameters<typeof startJobWorkers>[2]>;

/**
 * Runs the real task workers of a test app while `until` runs, and stops them after (also when it
 * throws): the tests' Japanese engine, a 50 ms poll and no scheduled jobs (tests run the sweeps by
 * hand), unless `opts` says otherwise. Answers what `until` answers.
 */
export async function whileWorkersRun<T>(t: TestApp, opts: Partial<WorkerOptions>, until: () => Promise<T>): Promise<T> {
  const stop = await startJobWorkers(t.database, t.storage, { japanese: testJapanese(), pollMs: 50, schedules: false, ...opts });
  try {
    return await until();
  } finally {
    await stop();
  }
}
