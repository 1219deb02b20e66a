import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../../app';
import { openDatabase } from '../../../db/client';
import { startJobWorkers } from '../../../jobs/workers';
import { adminSuite } from '../../../test/admin-kit';
import { insertUser, sessionCookie } from '../../../test/app';
import { approvedTheme, fakeRender } from '../../../test/generation-kit';
import { testJapanese } from '../../../test/japanese';
import { testDbKind } from '../../../test/template';
import { whileWorkersRun } from '../../../test/workers';

// Issue 18: live progress over /ws (creator-operator spec §3, §7; C-3-06, C-7.4-27): an operator's
// socket subscribes to a task and hears every step, on PGlite in one instance and, on PostgreSQL, from a
// second app instance than the one whose worker runs the task (LISTEN/NOTIFY).
const suite = adminSuite();
const { call } = suite;
let base: string;

const { render } = fakeRender();

beforeAll(async () => {
  await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(suite.t.app.server.address() as AddressInfo).port}`;
});

type Message = Record<string, unknown> & { taskId?: number; stage?: string; progress?: number; details?: { trackId?: number } };

/** A WebSocket client that keeps every message it receives. */
function connect(url: string, headers: Record<string, string>) {
  const messages: Message[] = [];
  const ws = new WebSocket(url, { headers });
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  /** The HTTP status the upgrade was refused with. */
  const refused = new Promise<number>((resolve) => {
    ws.once('unexpected-response', (req, res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    ws.once('error', () => {});
  });
  return { ws, messages, opened, refused, send: (v: unknown) => ws.send(typeof v === 'string' ? v : JSON.stringify(v)) };
}

describe('/ws', () => {
  it('C-6: refuses the upgrade with 401 to a visitor and to a member, and 403 to another site’s page', async () => {
    const member = await sessionCookie(suite.t.db, { userId: (await insertUser(suite.t.db)).id });
    for (const cookie of ['', member, 'mugen_admin=made-up']) {
      const c = connect(`${base}/ws`, cookie ? { cookie } : {});
      expect(await c.refused).toBe(401);
    }
    const foreign = connect(`${base}/ws`, { cookie: suite.admin, origin: 'https://evil.example' });
    expect(await foreign.refused).toBe(403);
  });

  it('C-3-06, C-7.4-27: an operator subscribes to a task and hears its state, then every step to task_complete with the track id', async () => {
    const theme = await approvedTheme(suite.t.db, { title: '星空の話' });
    const res = await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, {});
    const { taskId } = res.json();
    const c = connect(`${base}/ws`, { cookie: suite.admin, origin: base.replace('ws:', 'http:') });
    await c.opened;
    c.send({ type: 'subscribe', taskId });
    // Its state now, first: queued.
    await expect.poll(() => c.messages.length).toBeGreaterThan(0);
    expect(c.messages[0]).toMatchObject({ taskId, stage: 'initialization', progress: 0, message: '順番を待っています', details: {} });
    await whileWorkersRun(suite.t, { render }, () =>
      expect.poll(() => c.messages.some((m) => m.stage === 'task_complete'), { timeout: 20_000 }).toBe(true),
    );
    const last = c.messages.at(-1) as Message;
    expect(Object.keys(last).sort()).toEqual(['details', 'message', 'progress', 'rawData', 'stage', 'taskId', 'timestamp']);
    expect(last).toMatchObject({
      taskId,
      stage: 'task_complete',
      progress: 100,
      details: { trackId: expect.any(Number), title: '星空の話' },
    });
    expect(last.rawData).toEqual({ finalTrackData: { id: last.details?.trackId } });
    expect(new Date(last.timestamp as string).toISOString()).toBe(last.timestamp);
    const stages = c.messages.map((m) => m.stage);
    expect(stages).toEqual(
      expect.arrayContaining(['theme_loaded', 'script_generation', 'grounding_complete', 'fact_check_complete', 'audio_generation']),
    );
    // A late subscriber hears the end at once.
    c.send({ type: 'subscribe', taskId });
    await expect.poll(() => c.messages.filter((m) => m.stage === 'task_complete').length).toBe(2);
    c.ws.close();
  });

  it('answers a message it cannot read, and an unknown task, with an error in Japanese', async () => {
    const c = connect(`${base}/ws`, { cookie: suite.admin });
    await c.opened;
    c.send('hello');
    c.send({ type: 'subscribe', taskId: 'x' });
    c.send({ type: 'subscribe', taskId: 987654 });
    await expect.poll(() => c.messages.length).toBe(3);
    expect(c.messages[0]).toEqual({ type: 'error', message: '{"type":"subscribe","taskId":番号} の形式で送ってください' });
    expect(c.messages[1]).toMatchObject({ type: 'error' });
    expect(c.messages[2]).toEqual({ type: 'error', taskId: 987654, message: 'タスクが見つかりません' });
    c.ws.close();
  });
});

// Two app instances on one PostgreSQL: the worker runs beside instance A; the operator's socket is
// connected to instance B, which hears the steps by LISTEN/NOTIFY. (PGlite is one process's database.)
describe.runIf(testDbKind() === 'postgres')('two instances', () => {
  it('C-7.4-27: a client of the second instance hears a generation run by the first one’s worker, to task_complete', async () => {
    const otherDb = await openDatabase(suite.t.config);
    const other = await buildApp(suite.t.config, { database: otherDb, storage: suite.t.storage });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const otherBase = `ws://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
    let stop: (() => Promise<void>) | null = null;
    try {
      const theme = await approvedTheme(suite.t.db, { title: '二つ目のインスタンス' });
      const c = connect(`${otherBase}/ws`, { cookie: suite.admin });
      await c.opened;
      // The task is made through instance A, and the socket of instance B subscribes to it.
      const { taskId } = (await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, {})).json();
      c.send({ type: 'subscribe', taskId });
      await expect.poll(() => c.messages.length).toBe(1);
      expect(c.messages[0]).toMatchObject({ taskId, stage: 'initialization' });
      // Only then does instance A's worker start: every later step can reach B only by NOTIFY.
      stop = await startJobWorkers(suite.t.database, suite.t.storage, {
        japanese: testJapanese(),
        render,
        pollMs: 50,
        schedules: false,
      });
      await expect.poll(() => c.messages.some((m) => m.stage === 'task_complete'), { timeout: 30_000 }).toBe(true);
      const steps = c.messages.filter((m) => m.taskId === taskId).map((m) => m.stage);
      // More than the snapshot: the steps themselves came over NOTIFY.
      expect(steps).toEqual(expect.arrayContaining(['audio_generation', 'audio_complete', 'task_complete']));
      const done = c.messages.find((m) => m.stage === 'task_complete') as Message;
      const task = (await other.inject({ method: 'GET', url: '/api/admin/tasks?page=1', headers: { cookie: suite.admin } }))
        .json()
        .tasks.find((x: { id: number }) => x.id === taskId);
      expect(task).toMatchObject({ status: 'completed', trackId: done.details?.trackId });
      c.ws.close();
    } finally {
      await stop?.();
      await other.close();
      await otherDb.close();
    }
  });
});
