import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { createS3Storage } from './s3';

// Media in an S3-compatible bucket, tested against a local fake S3 (s3rver) through the real API.
let s3: S3rver;
let dir: string;
let s3Port = 0;
const s3Address = async () => ({ port: s3Port });
let t: TestApp;
/** The same bucket with S3_STREAM=proxy: the bytes go through the app. */
let proxy: TestApp;
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
  s3Port = addr.port;
  t = await createTestApp({
    S3_BUCKET: 'mugen-media',
    S3_ENDPOINT: `http://127.0.0.1:${addr.port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'test/',
  });
  proxy = await createTestApp({
    S3_BUCKET: 'mugen-media',
    S3_ENDPOINT: `http://127.0.0.1:${addr.port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'test/',
    S3_STREAM: 'proxy',
  });
});
afterAll(async () => {
  await t.close();
  await proxy.close();
  await s3.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('S3 storage', () => {
  it('is chosen when S3_BUCKET is set', () => {
    expect(t.storage.location).toBe('s3');
  });

  it('S3_STREAM=proxy streams a track with ranges from the bucket through the app', async () => {
    const tr = await insertTrack(proxy, { title: 'バケットの音声' }, audio);
    const whole = await proxy.app.inject({ method: 'GET', url: `/api/stream/${tr.id}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe('50000');
    expect(whole.rawPayload.equals(audio)).toBe(true);
    const part = await proxy.app.inject({ method: 'GET', url: `/api/stream/${tr.id}`, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 1000-1999/50000');
    expect(part.rawPayload.equals(audio.subarray(1000, 2000))).toBe(true);
    const suffix = await proxy.app.inject({ method: 'GET', url: `/api/stream/${tr.id}`, headers: { range: 'bytes=-10' } });
    expect(suffix.rawPayload.equals(audio.subarray(49_990))).toBe(true);
  });

  it('#16 redirects the stream to a short-lived presigned URL that serves the bytes and ranges itself', async () => {
    const tr = await insertTrack(t, { title: '署名付きURL' }, audio);
    const res = await t.app.inject({ method: 'GET', url: `/api/stream/${tr.id}`, headers: { range: 'bytes=1000-1999' } });
    expect(res.statusCode).toBe(302);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    const location = new URL(String(res.headers.location));
    expect(location.pathname).toBe(`/mugen-media/test/audio/${tr.filename}`);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const part = await fetch(location, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(audio.subarray(1000, 2000))).toBe(true);
    // The next request of the same listener reuses the signed URL: no new signature per range.
    const again = await t.app.inject({ method: 'GET', url: `/api/stream/${tr.id}` });
    expect(again.headers.location).toBe(res.headers.location);
  });

  it('#16 the page lets the player follow the redirect: the bucket origin is in media-src and connect-src', async () => {
    const tr = await insertTrack(t, { title: 'CSPとリダイレクト' }, audio);
    const res = await t.app.inject({ method: 'GET', url: `/api/stream/${tr.id}` });
    const origin = new URL(String(res.headers.location)).origin;
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`media-src [^;]*${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('#16 the same access rules decide first: a hidden track redirects only for its owner, never cached', async () => {
    const owner = await insertUser(t.db);
    const tr = await insertTrack(t, { userId: owner.id, createdBy: owner.id, isVisible: false }, audio);
    const visitor = await t.app.inject({ method: 'GET', url: `/api/stream/${tr.id}` });
    expect(visitor.statusCode).toBe(404);
    expect(visitor.headers.location).toBeUndefined();
    const other = await insertUser(t.db);
    const stranger = await t.app.inject({
      method: 'GET',
      url: `/api/stream/${tr.id}`,
      headers: { cookie: await sessionCookie(t.db, { userId: other.id }) },
    });
    expect(stranger.statusCode).toBe(404);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/stream/${tr.id}`,
      headers: { cookie: await sessionCookie(t.db, { userId: owner.id }) },
    });
    expect(mine.statusCode).toBe(302);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await fetch(String(mine.headers.location))).status).toBe(200);
  });

  it('#29.6 the offline download (for=keep) is answered by the app itself, never a redirect to the bucket', async () => {
    const tr = await insertTrack(t, { title: 'オフライン保存' }, audio);
    const res = await t.app.inject({ method: 'GET', url: `/api/stream/${tr.id}?quality=high&for=keep` });
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-length']).toBe('50000');
    expect(res.rawPayload.equals(audio)).toBe(true);
    // Playback still redirects.
    expect((await t.app.inject({ method: 'GET', url: `/api/stream/${tr.id}?quality=high` })).statusCode).toBe(302);
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

// #29.6: a store that refuses the SDK's new default checksums, written from Cloudflare R2's documented
// S3 compatibility (https://developers.cloudflare.com/r2/api/s3/api/: no x-amz-checksum-* nor
// aws-chunked trailing checksums on older deployments) and the answer R2 gave:
//   501 <Error><Code>NotImplemented</Code><Message>Header 'x-amz-checksum-crc32' with value '…' not implemented</Message></Error>
// It sits in front of s3rver and passes everything else through.
describe('#29.6 S3-compatible stores that refuse the new checksum headers', () => {
  it('#29.6 uploads and reads with checksums only when required (requestChecksumCalculation / responseChecksumValidation = WHEN_REQUIRED)', async () => {
    const target = new URL(`http://127.0.0.1:${(await s3Address()).port}`);
    const refused: string[] = [];
    const front = http.createServer((req, res) => {
      const checksum = Object.keys(req.headers).find(
        (h) => h.startsWith('x-amz-checksum-') || h === 'x-amz-sdk-checksum-algorithm' || h === 'x-amz-trailer',
      );
      if (checksum || /aws-chunked/.test(String(req.headers['content-encoding'] ?? ''))) {
        refused.push(checksum ?? 'aws-chunked');
        res.writeHead(501, { 'content-type': 'application/xml' });
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NotImplemented</Code><Message>Header '${checksum}' not implemented</Message></Error>`,
        );
        return;
      }
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    try {
      const storage = createS3Storage({
        bucket: 'mugen-media',
        endpoint: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
        region: 'auto',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: 'r2/',
      });
      await storage.put('audio/r2.mp3', audio);
      expect(refused).toEqual([]);
      expect(await storage.stat('audio/r2.mp3')).toMatchObject({ size: 50_000 });
      const chunks: Buffer[] = [];
      for await (const c of await storage.read('audio/r2.mp3')) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(audio)).toBe(true);
    } finally {
      await new Promise((resolve) => front.close(resolve));
    }
  });
});
