import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioFileRow } from '../../../../shared/schemas/admin-audio';
import { tracks } from '../../../db/schema';
import { createLocalStorage } from '../../../providers/storage/local';
import { createTestApp, insertTrack, sessionCookie, type TestApp } from '../../../test/app';
import { ensureOfficial, MP3, mp3File, multipart } from './audio-kit';

// Issue 18, 音声管理: where each file is and the sync into the bucket, against the local fake S3 (s3rver).

describe('location and sync against the fake S3 (C-7.4-20, C-7.4-22, C-7.4-23)', () => {
  let s3: S3rver;
  let dir: string;
  let b: TestApp;
  let bAdmin: string;
  let local: ReturnType<typeof createLocalStorage>;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-admin-s3-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'mugen-admin', configs: [] }],
    });
    const addr = (await s3.run()) as AddressInfo;
    b = await createTestApp({
      S3_BUCKET: 'mugen-admin',
      S3_ENDPOINT: `http://127.0.0.1:${addr.port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'admin/',
      S3_STREAM: 'proxy',
    });
    bAdmin = await sessionCookie(b.db, { isAdmin: true });
    local = createLocalStorage(path.join(b.config.dataDir, 'media'));
    await ensureOfficial(b.db);
  });
  afterAll(async () => {
    await b.close();
    await s3.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** A track whose MP3 is only on local disk (written before the bucket was configured). */
  async function localOnlyTrack(title: string, data = randomBytes(3_000)) {
    const filename = `l-${randomBytes(5).toString('hex')}.mp3`;
    await local.put(`audio/${filename}`, data);
    const [row] = await b.db
      .insert(tracks)
      .values({ title, filename, fileSize: data.length, createdBy: 'mugen', userId: 'mugen' })
      .returning();
    return { ...row, data };
  }
  const where = async (id: number) =>
    (await b.app.inject({ method: 'GET', url: `/api/admin/files/location?ids=${id}`, headers: { cookie: bAdmin } })).json()
      .files[0] as AudioFileRow;
  const sync = (url: string) => b.app.inject({ method: 'POST', url, headers: { cookie: bAdmin } });

  it('C-2.4-06: a file in the bucket is s3; one only on local disk is local; one in neither is s3 and missing', async () => {
    const inBucket = await insertTrack(b, { title: 'バケット内' });
    expect(await where(inBucket.id)).toMatchObject({
      location: 's3',
      exists: true,
      size: 10_000,
      copies: { local: { exists: false, size: null }, s3: { exists: true, size: 10_000 } },
    });
    const onDisk = await localOnlyTrack('ディスクのみ');
    expect(await where(onDisk.id)).toMatchObject({
      location: 'local',
      exists: true,
      size: 3_000,
      copies: { local: { exists: true }, s3: { exists: false } },
    });
    const [lost] = await b.db
      .insert(tracks)
      .values({ title: 'どこにもない', filename: 'lost-file.mp3', fileSize: 123, createdBy: 'mugen', userId: 'mugen' })
      .returning();
    expect(await where(lost.id)).toMatchObject({ location: 's3', exists: false, size: 123 });
    const list = (await b.app.inject({ method: 'GET', url: '/api/admin/files', headers: { cookie: bAdmin } })).json();
    expect(list.bucket).toBe(true);
  });

  it('C-7.4-22: POST /api/admin/files/sync/{id} copies a local file into the bucket, checks it, removes the local copy; the stream then serves it', async () => {
    const tr = await localOnlyTrack('同期する音声');
    expect((await b.app.inject({ method: 'GET', url: `/api/stream/${tr.id}` })).statusCode).toBe(404);
    const res = await sync(`/api/admin/files/sync/${tr.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ moved: 1, already: 0, missing: 0, tracks: 1, message: '1件のファイルをS3へ同期しました' });
    expect(await where(tr.id)).toMatchObject({
      location: 's3',
      exists: true,
      copies: { local: { exists: false }, s3: { exists: true, size: 3_000 } },
    });
    expect(await local.stat(`audio/${tr.filename}`)).toBeNull();
    const stream = await b.app.inject({ method: 'GET', url: `/api/stream/${tr.id}` });
    expect(stream.statusCode).toBe(200);
    expect(stream.rawPayload.equals(tr.data)).toBe(true);
    // Again: nothing left to do.
    const again = (await sync(`/api/admin/files/sync/${tr.id}`)).json();
    expect(again).toMatchObject({ moved: 0, already: 1, message: 'S3への同期が必要なファイルはありませんでした' });
  });

  it('sync of an unknown track is 404, of a track whose file is nowhere 404 with its message', async () => {
    expect((await sync('/api/admin/files/sync/999999')).statusCode).toBe(404);
    const [lost] = await b.db
      .insert(tracks)
      .values({ title: '行方不明', filename: 'nowhere.mp3', createdBy: 'mugen', userId: 'mugen' })
      .returning();
    const res = await sync(`/api/admin/files/sync/${lost.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('ローカルにもS3にもファイルが見つかりません');
  });

  it('C-7.4-23: POST /api/admin/files/sync-all moves every local-only file (the 128 kbit/s variant too) and counts the missing ones', async () => {
    const a = await localOnlyTrack('一括1');
    const c = await localOnlyTrack('一括2');
    await b.db.update(tracks).set({ hqFilename: c.filename }).where(eq(tracks.id, c.id));
    await local.put(`audio-hq/${c.filename}`, randomBytes(5_000));
    const res = await sync('/api/admin/files/sync-all');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // These three files, and ディスクのみ of the first test; missing: どこにもない and 行方不明 of the tests above.
    expect(body).toMatchObject({ moved: 4, missing: 2, message: '4件のファイルをS3へ同期しました（2件はファイルが見つかりません）' });
    for (const tr of [a, c]) expect(await where(tr.id)).toMatchObject({ location: 's3', exists: true });
    expect(await b.storage.stat(`audio-hq/${c.filename}`)).toMatchObject({ size: 5_000 });
    expect(await local.stat(`audio-hq/${c.filename}`)).toBeNull();
    expect((await sync('/api/admin/files/sync-all')).json().moved).toBe(0);
  });

  it('an upload goes into the bucket; deleting it from the list removes it from the bucket', async () => {
    const body = multipart({ title: 'バケットへアップロード' }, [mp3File()]);
    const res = await b.app.inject({
      method: 'POST',
      url: '/admin/upload',
      payload: body.payload,
      headers: { ...body.headers, cookie: bAdmin },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(await where(id)).toMatchObject({ location: 's3', exists: true, size: MP3.length });
    const [row] = await b.db.select({ filename: tracks.filename }).from(tracks).where(eq(tracks.id, id));
    expect(await b.storage.stat(`audio/${row.filename}`)).toMatchObject({ size: MP3.length });
    expect(await local.stat(`audio/${row.filename}`)).toBeNull();
    const del = await b.app.inject({ method: 'DELETE', url: `/api/tracks/${id}`, headers: { cookie: bAdmin } });
    expect(del.statusCode).toBe(200);
    expect(await b.db.select().from(tracks).where(eq(tracks.id, id))).toEqual([]);
    expect(await b.storage.stat(`audio/${row.filename}`)).toBeNull();
  });
});
