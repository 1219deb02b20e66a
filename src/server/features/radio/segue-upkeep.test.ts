import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEGUE_RETRY_AFTER_MS } from '../../../shared/rules/programme';
import { segues, tasks } from '../../db/schema';
import type { JobDeps } from '../../jobs/define';
import { type JobContext, PermanentTaskError } from '../../jobs/queue';
import { encodeMp3 } from '../../providers/audio/mp3';
import { mp3Duration } from '../../providers/audio/mp3-duration';
import { offlineLlm } from '../../providers/llm/offline';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { shortestTalk } from './offline-segue';
import { MAKE_SEGUE, makeSegueJob, segueKey, seguesFor } from './segues';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tasksFor = async (segueId: number) =>
  (await t.db.select().from(tasks).where(eq(tasks.kind, MAKE_SEGUE))).filter((q) => (q.payload as { segueId: number }).segueId === segueId)
    .length;

describe('the upkeep of segues (#40.2)', () => {
  it('#40.2: a segue whose making failed for good is marked failed, and a later programme asks for it again after a while (one task)', async () => {
    const a = await insertTrack(t, { title: '前の話', duration: 200 });
    const b = await insertTrack(t, { title: '次の話', duration: 200 });
    const talk = { from: a.id, to: b.id, seconds: 7 };
    const first = await seguesFor(t.db, [talk]);
    const id = [...first.values()][0].id;
    expect(await tasksFor(id)).toBe(1);
    // The render answers something that is not MP3: a failure no retry fixes.
    const ctx = {
      task: { attempts: 1, maxAttempts: 5 },
      report: async () => {},
      signal: new AbortController().signal,
    } as unknown as JobContext;
    const deps = {
      db: t.db,
      storage: t.storage,
      llm: offlineLlm(),
      render: async () => ({ mp3: Buffer.from('not mp3'), mp3Hq: Buffer.alloc(0), duration: 1, lines: [] }),
    };
    await expect(makeSegueJob.handler({ segueId: id }, ctx, deps as unknown as JobDeps)).rejects.toBeInstanceOf(PermanentTaskError);
    const [failed] = await t.db.select().from(segues).where(eq(segues.id, id));
    expect(failed.status).toBe('failed');

    // Soon after, a programme does not ask again.
    await seguesFor(t.db, [talk], new Date(failed.updatedAt.getTime() + 60_000));
    expect(await tasksFor(id)).toBe(1);
    // Later it does, once, however many programmes ask.
    const later = new Date(failed.updatedAt.getTime() + SEGUE_RETRY_AFTER_MS + 1_000);
    const again = await seguesFor(t.db, [talk], later);
    await seguesFor(t.db, [talk], later);
    expect(again.get(`${a.id}>${b.id}@7`)?.status).toBe('pending');
    expect(await tasksFor(id)).toBe(2);
  });

  it('#40.1: a 3 s segue written longer than the voice can say in time is made with the shortest talk (not failed)', async () => {
    const a = await insertTrack(t, { title: 'とても長いタイトルの前のお話をじっくり', duration: 30 });
    const b = await insertTrack(t, { title: 'さらに長いタイトルの次のお話をゆっくりと', duration: 30 });
    const [made] = [...(await seguesFor(t.db, [{ from: a.id, to: b.id, seconds: 3 }])).values()];
    const ctx = {
      task: { attempts: 1, maxAttempts: 5 },
      report: async () => {},
      signal: new AbortController().signal,
    } as unknown as JobContext;
    // A voice that takes a quarter of a second a character, at its rate: the written talk takes too long at 1.6×.
    const render = async (script: string, rate: number) => {
      const seconds = (script.length * 0.25) / rate;
      const mp3 = encodeMp3({ samples: new Int16Array(Math.round(seconds * 24_000)), sampleRate: 24_000 });
      return { mp3, mp3Hq: mp3, duration: mp3Duration(mp3), lines: [] };
    };
    // A model that wrote far more than 3 s of talk.
    const llm = { ...offlineLlm(), structured: async () => ({ script: `ハルカ：${'とても長いお話です。'.repeat(8)}` }) };
    const deps = { db: t.db, storage: t.storage, llm, render };
    await makeSegueJob.handler({ segueId: made.id }, ctx, deps as unknown as JobDeps);
    const [row] = await t.db.select().from(segues).where(eq(segues.id, made.id));
    const track = { title: '', category: null, gist: '' };
    expect([row.status, row.script]).toEqual(['ready', shortestTalk({ from: track, to: track })]);
    expect(row.script).toBe('ハルカ：続いてはこちら。');
    expect(Math.abs(row.duration - 3)).toBeLessThan(0.15);
  });

  it("#40.2: a segue's MP3 is deleted with its track", async () => {
    const owner = await insertUser(t.db, { name: '投稿者' });
    const cookie = await sessionCookie(t.db, { userId: owner.id });
    const gone = await insertTrack(t, { title: '消える話', duration: 200, userId: owner.id });
    const stays = await insertTrack(t, { title: '残る話', duration: 200 });
    const made = await seguesFor(t.db, [
      { from: gone.id, to: stays.id, seconds: 8 },
      { from: null, to: stays.id, seconds: 12 },
    ]);
    const [goneId, keptId] = [...made.values()].map((r) => r.id).sort((x, y) => x - y);
    for (const id of [goneId, keptId]) {
      await t.storage.put(segueKey(id), Buffer.from('ID3'));
      await t.db
        .update(segues)
        .set({ status: 'ready', storageKey: segueKey(id) })
        .where(eq(segues.id, id));
    }
    const res = await t.app.inject({ method: 'DELETE', url: `/api/tracks/${gone.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    await expect.poll(async () => (await t.storage.stat(segueKey(goneId))) === null).toBe(true);
    expect(
      (
        await t.db
          .select()
          .from(segues)
          .where(and(eq(segues.id, goneId)))
      ).length,
    ).toBe(0);
    expect((await t.storage.stat(segueKey(keptId)))?.size).toBe(3);
  });
});
