import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, rowsOf } from '../../db/client';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { testDbKind } from '../../test/template';
import { trackChanged } from './changes';

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

  it('sends the bytes compressed once per build: brotli or gzip as the listener accepts, the same JSON', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/tracks', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ method: 'GET', url: '/api/tracks', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url: '/api/tracks', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
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

  it("#41.6 answers a hot file's ranges from memory (no storage read), and new audio under its key at once", async () => {
    const audio = Buffer.from(Array.from({ length: 200_000 }, (_, i) => i % 253));
    const track = await insertTrack(t, {}, audio);
    const url = `/api/stream/${track.id}`;
    const read = vi.spyOn(t.storage, 'read');
    try {
      // The first request reads the file; once it is held, ranges are slices of it.
      await expect
        .poll(async () => {
          read.mockClear();
          const res = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=65536-131071' } });
          expect(res.rawPayload.equals(audio.subarray(65_536, 131_072))).toBe(true);
          return read.mock.calls.length;
        })
        .toBe(0);
      const whole = await t.app.inject({ method: 'GET', url });
      expect(whole.rawPayload.equals(audio)).toBe(true);
      const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-10' } });
      expect(tail.headers['content-range']).toBe('bytes 199990-199999/200000');
      expect(tail.rawPayload.equals(audio.subarray(199_990))).toBe(true);
      expect(read).not.toHaveBeenCalled();

      // New audio under the same key (another size): the change is heard, and the new bytes are answered.
      const replaced = Buffer.alloc(150_000, 9);
      await t.storage.put(`audio/${track.filename}`, replaced);
      await trackChanged(t.db, track.id);
      await expect
        .poll(async () => (await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-3' } })).headers['content-range'])
        .toBe('bytes 0-3/150000');
      const fresh = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=149996-149999' } });
      expect(fresh.rawPayload.equals(Buffer.alloc(4, 9))).toBe(true);
    } finally {
      read.mockRestore();
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

  it("stops streaming a deleted member's tracks at once (their rows went by a cascade)", async () => {
    const owner = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: owner.id });
    const track = await insertTrack(t, { userId: owner.id, createdBy: owner.id });
    const url = `/api/stream/${track.id}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('the stream with rate limits on (as in production)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => limited.close());

  it('#41.6 runs no rate-limit, compression or decompression hook for a range request', () => {
    const routes = limited.app.printRoutes({ includeHooks: true, commonPrefix: false });
    const block = (url: string) => routes.slice(routes.indexOf(`── ${url} `)).split('\n├')[0];
    // Another read of the API has all three: the rate limit's onRequest(), decompression's preParsing(), compression's onSend().
    expect(block('/api/search')).toContain('"onRequest()"');
    expect(block('/api/search')).toContain('(preParsing)');
    expect(block('/api/search')).toContain('(onSend) ["fastifyCookieOnSendHandler()","onSend()"]');
    const stream = block('/api/stream/:id');
    expect(stream).not.toContain('"onRequest()"');
    expect(stream).not.toContain('(preParsing)');
    expect(stream).toContain('(onSend) ["fastifyCookieOnSendHandler()"]\n');
  });

  it("a signed-in listener's warm range still costs no session lookup (reads are not rate limited)", async () => {
    const owner = await insertUser(limited.db);
    const cookie = await sessionCookie(limited.db, { userId: owner.id });
    const track = await insertTrack(limited, {}, Buffer.alloc(200_000, 7));
    const url = `/api/stream/${track.id}`;
    expect((await limited.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99', cookie } })).statusCode).toBe(206);
    const select = vi.spyOn(limited.db, 'select');
    const execute = vi.spyOn(limited.db, 'execute');
    try {
      for (const quality of ['', '?quality=high']) {
        const res = await limited.app.inject({ method: 'GET', url: url + quality, headers: { range: 'bytes=65536-131071', cookie } });
        expect(res.statusCode).toBe(206);
      }
      // The premium check of ?quality=high is remembered per cookie after its first lookup.
      const again = await limited.app.inject({ method: 'GET', url: `${url}?quality=high`, headers: { range: 'bytes=0-99', cookie } });
      expect(again.statusCode).toBe(206);
      expect(select.mock.calls.length).toBeLessThanOrEqual(2);
      select.mockClear();
      await limited.app.inject({ method: 'GET', url: `${url}?quality=high`, headers: { range: 'bytes=100-199', cookie } });
      await limited.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199', cookie } });
      expect(select).not.toHaveBeenCalled();
      expect(execute).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
      execute.mockRestore();
    }
  });
});

// Two app instances on one PostgreSQL and one media folder: a change made through one reaches the
// other's caches by LISTEN/NOTIFY. (PGlite is one process's database, so this runs in `npm run test:pg`.)
describe.runIf(testDbKind() === 'postgres')('two instances', () => {
  /** A second instance on the same database and media, closed after `fn`. */
  async function withOtherInstance(fn: (other: Awaited<ReturnType<typeof buildApp>>) => Promise<void>) {
    const otherDb = await openDatabase(t.config);
    const other = await buildApp(t.config, { database: otherDb, storage: t.storage });
    await other.ready();
    try {
      await fn(other);
    } finally {
      await other.close();
      await otherDb.close();
    }
  }

  it('a track hidden through one instance stops streaming and leaves the catalogue on the other', async () => {
    await withOtherInstance(async (other) => {
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

      // Deleted through one: gone from the other's stream at once, for its owner too.
      const gone = await insertTrack(t, { userId: owner.id, createdBy: owner.id });
      const goneUrl = `/api/stream/${gone.id}`;
      expect((await other.inject({ method: 'GET', url: goneUrl })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/tracks/${gone.id}`, headers: { cookie, ...origin } })).statusCode).toBe(
        200,
      );
      await expect.poll(async () => (await other.inject({ method: 'GET', url: goneUrl, headers: { cookie } })).statusCode).toBe(404);
    });
  });

  it('an instance whose listening connection was cut forgets what it cached and hears changes again', async () => {
    await withOtherInstance(async (other) => {
      const owner = await insertUser(t.db);
      const cookie = await sessionCookie(t.db, { userId: owner.id });
      const track = await insertTrack(t, { userId: owner.id, createdBy: owner.id });
      const url = `/api/stream/${track.id}`;
      expect((await other.inject({ method: 'GET', url })).statusCode).toBe(200);
      // Every LISTEN connection of this database goes, as in a restart of PostgreSQL or a network cut.
      await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`);
      // Hidden by hand while nobody listens: no notification will ever tell of it.
      await t.db.execute(sql`update tracks set is_visible = false where id = ${track.id}`);
      await expect.poll(async () => (await other.inject({ method: 'GET', url })).statusCode, { timeout: 15_000 }).toBe(404);
      // Listening again: the next change made through the first instance reaches the other.
      const listening = async () =>
        rowsOf<{ n: number }>(
          await t.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
          ),
        )[0].n;
      await expect.poll(listening, { timeout: 15_000 }).toBeGreaterThan(0);
      await t.app.inject({
        method: 'PATCH',
        url: `/api/tracks/${track.id}/visibility`,
        headers: { cookie, origin: 'http://localhost' },
        payload: { isVisible: true },
      });
      await expect.poll(async () => (await other.inject({ method: 'GET', url })).statusCode, { timeout: 15_000 }).toBe(200);
    });
  });
});
