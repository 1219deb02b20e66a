import { eq } from 'drizzle-orm';
import { afterEach } from 'vitest';
import { tasks } from '../../../db/schema';
import { startJobWorkers } from '../../../jobs/workers';
import type { LlmProvider } from '../../../providers/llm/types';
import type { StorageProvider } from '../../../providers/storage/types';
import { adminSuite } from '../../../test/admin-kit';
import { fakeRender } from '../../../test/generation-kit';
import { testJapanese } from '../../../test/japanese';
import { PROGRESS_CHANNEL } from './progress';

// What the tests of the operators' generation share (issue 18): the app with an operator's session, the job
// workers with a voice the test holds, the console's calls, the progress messages and the task rows.

export async function buffer(stream: AsyncIterable<Buffer>) {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c);
  return Buffer.concat(chunks);
}

/** The app, the operator's cookie and the workers a file's generation tests share; opens in beforeAll. */
export function generationSuite() {
  const admin = adminSuite();
  const t = () => admin.t;
  const { call } = admin;

  /** A voice that answers at once, or holds until the test lets it go. */
  const voice = fakeRender({ label: 'admin', duration: 185.5 });

  let stopWorkers: (() => Promise<void>) | null = null;
  async function workers(opts: { llm?: LlmProvider; storage?: StorageProvider } = {}) {
    stopWorkers = await startJobWorkers(t().database, opts.storage ?? t().storage, {
      japanese: testJapanese(),
      render: voice.render,
      llm: opts.llm,
      pollMs: 50,
      schedules: false,
    });
  }
  afterEach(async () => {
    await stopWorkers?.();
    stopWorkers = null;
    voice.reset();
  });

  /** Every progress message NOTIFY'd from now on. */
  async function hear() {
    const heard: {
      taskId: number;
      stage: string;
      progress: number;
      message: string;
      details: Record<string, unknown>;
      rawData?: unknown;
    }[] = [];
    const stop = await t().database.listen(PROGRESS_CHANNEL, (payload) => heard.push(JSON.parse(payload)));
    return { heard, stop };
  }

  const taskRow = async (id: number) => (await t().db.select().from(tasks).where(eq(tasks.id, id)))[0];
  const listed = async (id: number) =>
    (await call('GET', '/api/admin/tasks?limit=100')).json().tasks.find((x: { id: number }) => x.id === id);

  return {
    get t() {
      return t();
    },
    get admin() {
      return admin.admin;
    },
    voice,
    workers,
    call,
    hear,
    taskRow,
    listed,
  };
}
