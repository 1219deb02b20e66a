import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';

let t: TestApp;
const audio = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
let id: number;
let hiddenId: number;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await insertUser(t.db);
  ownerId = owner.id;
  id = (await insertTrack(t, { title: '配信テスト' }, audio)).id;
  hiddenId = (
    await insertTrack(
      t,
      {
        title: '非公開',
        userId: owner.id,
        createdBy: owner.id,
        isVisible: false,
      },
      audio,
    )
  ).id;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });

describe('GET /api/stream/{id} (L-7.2-04)', () => {
  it('serves the whole MP3 with audio/mpeg, Accept-Ranges, Content-Length and an ETag', async () => {
    const res = await get(`/api/stream/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe('10000');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(audio)).toBe(true);
  });

  it('answers a closed range with 206 and the exact Content-Range', async () => {
    const res = await get(`/api/stream/${id}`, { range: 'bytes=100-199' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/10000');
    expect(res.headers['content-length']).toBe('100');
    expect(res.rawPayload.equals(audio.subarray(100, 200))).toBe(true);
  });

  it('answers the probe Safari sends first (bytes=0-1)', async () => {
    const res = await get(`/api/stream/${id}`, { range: 'bytes=0-1' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 0-1/10000');
    expect(res.rawPayload.equals(audio.subarray(0, 2))).toBe(true);
  });

  it('answers an open range and an end beyond the size', async () => {
    const open = await get(`/api/stream/${id}`, { range: 'bytes=9000-' });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe('bytes 9000-9999/10000');
    expect(open.rawPayload.equals(audio.subarray(9000))).toBe(true);
    const beyond = await get(`/api/stream/${id}`, {
      range: 'bytes=9990-20000',
    });
    expect(beyond.headers['content-range']).toBe('bytes 9990-9999/10000');
    expect(beyond.rawPayload.length).toBe(10);
  });

  it('answers a suffix range with the last bytes', async () => {
    const res = await get(`/api/stream/${id}`, { range: 'bytes=-500' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 9500-9999/10000');
    expect(res.rawPayload.equals(audio.subarray(9500))).toBe(true);
    const whole = await get(`/api/stream/${id}`, { range: 'bytes=-20000' });
    expect(whole.headers['content-range']).toBe('bytes 0-9999/10000');
  });

  it('answers 416 with Content-Range */size for an unsatisfiable range', async () => {
    for (const range of ['bytes=10000-', 'bytes=20000-20010', 'bytes=-0']) {
      const res = await get(`/api/stream/${id}`, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */10000');
    }
  });

  it('ignores a malformed or multi-part range and serves the whole file', async () => {
    for (const range of ['bytes=abc', 'items=0-5', 'bytes=0-5,10-20', 'bytes=50-10']) {
      const res = await get(`/api/stream/${id}`, { range });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.length).toBe(10000);
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await get(`/api/stream/${id}`, {}, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('10000');
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.length).toBe(0);
    const ranged = await get(`/api/stream/${id}`, { range: 'bytes=0-99' }, 'HEAD');
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe('bytes 0-99/10000');
  });

  it('answers conditional requests with 304 and honours If-Range', async () => {
    const { etag, 'last-modified': lastModified } = (await get(`/api/stream/${id}`, {}, 'HEAD')).headers as Record<string, string>;
    expect((await get(`/api/stream/${id}`, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(`/api/stream/${id}`, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    expect((await get(`/api/stream/${id}`, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await get(`/api/stream/${id}`, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    const fresh = await get(`/api/stream/${id}`, {
      'if-range': etag,
      range: 'bytes=0-9',
    });
    expect(fresh.statusCode).toBe(206);
    const stale = await get(`/api/stream/${id}`, {
      'if-range': '"stale"',
      range: 'bytes=0-9',
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(10000);
  });

  it('answers 404 for an unknown track', async () => {
    const res = await get('/api/stream/99999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('音声が見つかりません');
  });

  it('streams a hidden track to its owner and admins only', async () => {
    expect((await get(`/api/stream/${hiddenId}`)).statusCode).toBe(404);
    const stranger = await insertUser(t.db);
    expect(
      (
        await get(`/api/stream/${hiddenId}`, {
          cookie: await sessionCookie(t.db, { userId: stranger.id }),
        })
      ).statusCode,
    ).toBe(404);
    const owner = await get(`/api/stream/${hiddenId}`, {
      cookie: await sessionCookie(t.db, { userId: ownerId }),
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['cache-control']).toMatch(/private/);
    const admin = await get(`/api/stream/${hiddenId}`, {
      cookie: await sessionCookie(t.db, { isAdmin: true }),
      range: 'bytes=0-9',
    });
    expect(admin.statusCode).toBe(206);
  });

  it('answers 404 (not 500) when the file is missing from storage', async () => {
    const row = await insertTrack(t, { title: 'ファイルなし' });
    await t.storage.delete(`audio/${row.filename}`);
    const res = await get(`/api/stream/${row.id}`);
    expect(res.statusCode).toBe(404);
  });
});
