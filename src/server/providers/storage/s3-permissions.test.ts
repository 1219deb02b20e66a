import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { S3_STAND_IN_KEY, type S3StandIn, startS3StandIn } from '../../test/s3-stand-in';
import { clearSettingProblem } from '../problems';
import { createS3Storage } from './s3';

// #41.2: a key without s3:ListBucket. S3 then answers a HEAD of a missing key 403 instead of 404 and
// refuses ListObjectsV2 (the stand-in answers as S3 does: test/s3-stand-in.ts); the app checks the
// permissions at start and /health's problems names what is missing.
let s3: S3StandIn;
let t: TestApp;
const storage = () =>
  createS3Storage({ bucket: s3.bucket, endpoint: s3.url, region: 'us-east-1', forcePathStyle: true, prefix: 'perm/', ...S3_STAND_IN_KEY });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err) => ({ status: (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode, name: (err as Error).name }),
  );

beforeAll(async () => {
  s3 = await startS3StandIn();
  t = await createTestApp({
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.url,
    S3_ACCESS_KEY_ID: S3_STAND_IN_KEY.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_STAND_IN_KEY.secretAccessKey,
    S3_PREFIX: 'perm/',
  });
});
afterAll(async () => {
  clearSettingProblem('S3_ACCESS_KEY_ID');
  clearSettingProblem('S3_BUCKET');
  await t.close();
  await s3.close();
});

const s3Problems = async () =>
  (
    (await t.app.inject({ method: 'GET', url: '/health' })).json().problems as { setting: string; provider: string; message: string }[]
  ).filter((p) => p.provider === 's3');

describe('#41.2 S3 without s3:ListBucket', () => {
  it('#41.2 the stand-in answers as S3 does: 403 for a HEAD of a missing key and AccessDenied for ListObjectsV2; 404 and a listing with it', async () => {
    const bucket = storage();
    await bucket.put('audio/here.mp3', Buffer.from('ID3'));
    s3.denied.clear();
    expect(await bucket.stat('audio/missing.mp3')).toBeNull();
    expect(await bucket.list('audio/')).toEqual(['audio/here.mp3']);

    s3.denied.add('s3:ListBucket');
    s3.answered.length = 0;
    // A HEAD answer has no body, so no error code: the status says it.
    expect((await failure(bucket.stat('audio/missing.mp3')))?.status).toBe(403);
    expect(await failure(bucket.list('audio/'))).toEqual({ status: 403, name: 'AccessDenied' });
    // An object that is there is still read: only "missing" and the listing change.
    expect(await bucket.stat('audio/here.mp3')).toMatchObject({ size: 3 });
    expect(s3.answered).toEqual([
      'HEAD /mugen-media/perm/audio/missing.mp3 403',
      'GET /mugen-media/?list-type=2&prefix=perm%2Faudio%2F 403',
      'HEAD /mugen-media/perm/audio/here.mp3 200',
    ]);
    s3.denied.clear();
  });

  it('#41.2 the start check names s3:ListBucket on /health, and a check that passes clears it', async () => {
    s3.denied.clear();
    expect(await t.storage.checkAccess?.()).toEqual([]);
    expect(await s3Problems()).toEqual([]);

    s3.denied.add('s3:ListBucket');
    expect(await t.storage.checkAccess?.()).toEqual(['s3:ListBucket']);
    const [problem, ...others] = await s3Problems();
    expect(others).toEqual([]);
    expect(problem).toMatchObject({ setting: 'S3_ACCESS_KEY_ID', provider: 's3' });
    expect(problem.message).toBe(
      'S3 のキーに s3:ListBucket の権限がありません（存在しないキーの HEAD が 404 でなく 403、ListObjectsV2 が 403 AccessDenied）。arn:aws:s3:::mugen-media に許可してください。ないと、なくなったメディアの確認（ストリームのキャッシュ、プロフィール画像、監視の音声）とバックアップが失敗します（docs/operations.md）',
    );

    // With the listing allowed but no s3:GetObject, the HEAD alone is refused: that is what is named.
    s3.denied.clear();
    s3.denied.add('s3:GetObject');
    expect(await t.storage.checkAccess?.()).toEqual(['s3:GetObject']);
    expect((await s3Problems()).map((p) => p.message)).toEqual([
      'S3 のキーに s3:GetObject の権限がありません（存在しないキーの HEAD が 404 でなく 403）。arn:aws:s3:::mugen-media/* に許可してください。ないと、なくなったメディアの確認（ストリームのキャッシュ、プロフィール画像、監視の音声）とバックアップが失敗します（docs/operations.md）',
    ]);

    s3.denied.clear();
    expect(await t.storage.checkAccess?.()).toEqual([]);
    expect(await s3Problems()).toEqual([]);
  });

  it('#41.2 a bucket that is not there is a problem of S3_BUCKET, not of the key', async () => {
    const elsewhere = createS3Storage({
      bucket: 'no-such-bucket',
      endpoint: s3.url,
      region: 'us-east-1',
      forcePathStyle: true,
      ...S3_STAND_IN_KEY,
    });
    expect(await elsewhere.checkAccess?.()).toEqual([]);
    expect((await s3Problems()).map((p) => [p.setting, p.message])).toEqual([
      [
        'S3_BUCKET',
        'S3 のバケット「no-such-bucket」に届きません（404 NoSuchBucket）。S3_BUCKET、S3_ENDPOINT、S3_REGION を確かめてください',
      ],
    ]);
    expect(await t.storage.checkAccess?.()).toEqual([]);
    expect(await s3Problems()).toEqual([]);
  });
});
