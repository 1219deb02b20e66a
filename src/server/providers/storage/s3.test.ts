import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';

// Media in an S3-compatible bucket, tested against a local fake S3 (s3rver) through the real API.
let s3: S3rver;
let dir: string;
let t: TestApp;
const audio = Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7) % 256));

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-s3-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'mugen-media', configs: [] }],
  });
  const addr = (await s3.run()) as AddressInfo;
  t = await createTestApp({
    S3_BUCKET: 'mugen-media',
    S3_ENDPOINT: `http://127.0.0.1:${addr.port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'test/',
  });
});
afterAll(async () => {
  await t.close();
  await s3.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('S3 storage', () => {
  it('is chosen when S3_BUCKET is set', () => {
    expect(t.storage.location).toBe('s3');
  });

  it('streams a track with ranges from the bucket', async () => {
    const tr = await insertTrack(t, { title: 'バケットの音声' }, audio);
    const whole = await t.app.inject({ method: 'GET', url: `/api/stream/${tr.id}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe('50000');
    expect(whole.rawPayload.equals(audio)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: `/api/stream/${tr.id}`, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 1000-1999/50000');
    expect(part.rawPayload.equals(audio.subarray(1000, 2000))).toBe(true);
    const suffix = await t.app.inject({ method: 'GET', url: `/api/stream/${tr.id}`, headers: { range: 'bytes=-10' } });
    expect(suffix.rawPayload.equals(audio.subarray(49_990))).toBe(true);
  });

  it('answers 404 for a missing object and deletes with the track', async () => {
    const owner = await insertUser(t.db);
    const tr = await insertTrack(t, { userId: owner.id, createdBy: owner.id }, audio);
    expect(await t.storage.stat(`audio/${tr.filename}`)).toMatchObject({ size: 50_000 });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/tracks/${tr.id}`,
      headers: { cookie: await sessionCookie(t.db, { userId: owner.id }) },
    });
    expect(del.statusCode).toBe(200);
    expect(await t.storage.stat(`audio/${tr.filename}`)).toBeNull();
    const gone = await insertTrack(t, {}, audio);
    await t.storage.delete(`audio/${gone.filename}`);
    expect((await t.app.inject({ method: 'GET', url: `/api/stream/${gone.id}` })).statusCode).toBe(404);
  });
});
