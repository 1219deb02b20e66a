import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { testDbKind } from '../../test/template';

// Issue 16: the stream and the catalogue answer from memory, and forget at once what changed.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the catalogue default page', () => {
  it('answers with an ETag, 304 to a listener who has it, and a new ETag once a track is hidden', async () => {
    const owner = await insertUser(t.db);
    const track = await insertTrack(t, { userId: owner.id, createdBy: owner.id, title: '消える音声' });
    const first = await t.app.inject({ method: 'GET', url: '/api/tracks' });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json().some((x: { id: number }) => x.id === track.id)).toBe(true);

    const again = await t.app.inject({ method: 'GET', url: '/api/tracks', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const cookie = await sessionCookie(t.db, { userId: owner.id });
    const hide = await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${track.id}/visibility`,
      headers: { cookie },
      payload: { isVisible: false },
    });
    expect(hide.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/tracks', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().some((x: { id: number }) => x.id === track.id)).toBe(false);
  });

  it('pages other than the default are answered fresh, without the ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tracks?limit=5&offset=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(res.json().length).toBeLessThanOrEqual(5);
  });
});

describe('the stream', () => {
  it('serves a warm range with no database work at all, even with a session cookie', async () => {
    const track = await insertTrack(t, {}, Buffer.alloc(200_000, 7));
    expect((await t.app.inject({ method: 'GET', url: `/api/stream/${track.id}`, headers: { range: 'bytes=0-99' } })).statusCode).toBe(206);
    const select = vi.spyOn(t.db, 'select');
    const execute = vi.spyOn(t.db, 'execute');
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/stream/${track.id}`,
        headers: { range: 'bytes=65536-131071', cookie: 'mugen_session=anything' },
      });
      expect(res.statusCode).toBe(206);
      expect(res.rawPayload.length).toBe(65_536);
      expect(select).not.toHaveBeenCalled();
      expect(execute).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
      execute.mockRestore();
    }
  });

  it('stops streaming a hidden or deleted track at once, to everyone but its owner', async () => {
    const owner = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: owner.id });
    const track = await insertTrack(t, { userId: owner.id, createdBy: owner.id });
    const url = `/api/stream/${track.id}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await t.app.inject({ method: 'PATCH', url: `/api/tracks/${track.id}/visibility`, headers: { cookie }, payload: { isVisible: false } });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const own = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    await t.app.inject({ method: 'PATCH', url: `/api/tracks/${track.id}/visibility`, headers: { cookie }, payload: { isVisible: true } });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tracks/${track.id}`, headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(404);
  });
});

// Two app instances on one PostgreSQL and one media folder: a change made through one reaches the
// other's caches by LISTEN/NOTIFY. (PGlite is one process's database, so this runs in `npm run test:pg`.)
describe.runIf(testDbKind() === 'postgres')('two instances', () => {
  it('a track hidden through one instance stops streaming and leaves the catalogue on the other', async () => {
    const otherDb = await openDatabase(t.config);
    const other = await buildApp(t.config, { database: otherDb, storage: t.storage });
    await other.ready();
    try {
      const owner = await insertUser(t.db);
      const cookie = await sessionCookie(t.db, { userId: owner.id });
      const track = await insertTrack(t, { userId: owner.id, createdBy: owner.id });
      const url = `/api/stream/${track.id}`;
      const origin = { origin: 'http://localhost' };
      // Warm both instances' caches.
      expect((await other.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect((await other.inject({ method: 'GET', url: '/api/tracks' })).json().some((x: { id: number }) => x.id === track.id)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

      await t.app.inject({
        method: 'PATCH',
        url: `/api/tracks/${track.id}/visibility`,
        headers: { cookie, ...origin },
        payload: { isVisible: false },
      });
      await expect.poll(async () => (await other.inject({ method: 'GET', url })).statusCode).toBe(404);
      await expect
        .poll(async () => (await other.inject({ method: 'GET', url: '/api/tracks' })).json().some((x: { id: number }) => x.id === track.id))
        .toBe(false);
    } finally {
      await other.close();
      await otherDb.close();
    }
  });
});
