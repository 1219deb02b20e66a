import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { hqAudioKey } from './queries';

// Issue 15/16: the 128 kbit/s variant for premium listeners (GET /api/stream/{id}?quality=high), decided
// on the server; everyone else gets the standard file from the same address, and the standard path
// stays free of session work.
let t: TestApp;
const standard = randomBytes(20_000);
const high = randomBytes(40_000);
let withHq: { id: number };
let premium: string;
let free: string;

beforeAll(async () => {
  t = await createTestApp();
  const filename = `hq-${randomBytes(4).toString('hex')}.mp3`;
  withHq = await insertTrack(t, { filename, hqFilename: filename }, standard);
  await t.storage.put(hqAudioKey(filename), high);
  const p = await insertUser(t.db, { isPremium: true, premiumEndDate: new Date(Date.now() + 30 * DAY_MS) });
  premium = await sessionCookie(t.db, { userId: p.id });
  const lapsed = await insertUser(t.db, { isPremium: true, premiumEndDate: new Date(Date.now() - DAY_MS) });
  free = await sessionCookie(t.db, { userId: lapsed.id });
});
afterAll(() => t.close());

const stream = (id: number, query: string, cookie?: string, range?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/stream/${id}${query}`,
    headers: { ...(cookie ? { cookie } : {}), ...(range ? { range } : {}) },
  });

describe('the premium high-quality stream', () => {
  it('gives a premium listener the 128 kbit/s file, with ranges and its own validators', async () => {
    const res = await stream(withHq.id, '?quality=high', premium);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(high)).toBe(true);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    const part = await stream(withHq.id, '?quality=high', premium, 'bytes=30000-30999');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 30000-30999/40000');
    expect(part.rawPayload.equals(high.subarray(30_000, 31_000))).toBe(true);
    const std = await stream(withHq.id, '', premium);
    expect(std.rawPayload.equals(standard)).toBe(true);
    expect(std.headers.etag).not.toBe(res.headers.etag);
  });

  it('gives a visitor and a member whose premium ended the standard file at the same address', async () => {
    for (const cookie of [undefined, free]) {
      const res = await stream(withHq.id, '?quality=high', cookie);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(standard)).toBe(true);
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
    }
  });

  it('streams the standard file of a track made before the variant, and refuses an unknown quality', async () => {
    const old = await insertTrack(t, {}, standard);
    expect((await stream(old.id, '?quality=high', premium)).rawPayload.equals(standard)).toBe(true);
    expect((await stream(old.id, '?quality=ultra', premium)).statusCode).toBe(400);
  });

  it('keeps the rules of a hidden track: not found for anyone but its owner', async () => {
    const owner = await insertUser(t.db, { isPremium: true, premiumEndDate: new Date(Date.now() + DAY_MS) });
    const filename = `hqh-${randomBytes(4).toString('hex')}.mp3`;
    const hidden = await insertTrack(
      t,
      { filename, hqFilename: filename, isVisible: false, userId: owner.id, createdBy: owner.id },
      standard,
    );
    await t.storage.put(hqAudioKey(filename), high);
    expect((await stream(hidden.id, '?quality=high', premium)).statusCode).toBe(404);
    const mine = await stream(hidden.id, '?quality=high', await sessionCookie(t.db, { userId: owner.id }));
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(high)).toBe(true);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
  });
});
