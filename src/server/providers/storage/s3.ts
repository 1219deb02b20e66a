import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import { lazyPackage } from '../../lib/lazy-package';
import { clearSettingProblem, reportSettingProblem } from '../problems';
import { assertSafeKey, isSafeKey } from './keys';
import type { StorageProvider, StoredObject } from './types';

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, e.g. `mugen/`. */
  prefix?: string;
}

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  json: 'application/json',
};

/**
 * The origin the bucket's objects (and so their presigned URLs) are served from: what the page's
 * Content-Security-Policy must allow for audio when the stream redirects there.
 */
export function bucketOrigin(s: Pick<S3Settings, 'bucket' | 'endpoint' | 'region' | 'forcePathStyle'>): string {
  const base = new URL(s.endpoint ?? `https://s3.${s.region}.amazonaws.com`);
  return s.forcePathStyle ? base.origin : `${base.protocol}//${s.bucket}.${base.host}`;
}

/**
 * What the app asks of the bucket, as IAM names the actions (docs/operations.md): objects are read
 * (HeadObject, GetObject, and CopyObject's source), written (PutObject, CopyObject's target) and
 * deleted; the bucket is listed (ListObjectsV2: backups, the console's audio, the sweeps). Without
 * s3:ListBucket S3 also answers a HEAD of a missing key 403 instead of 404, so "missing" cannot be told.
 */
export const S3_PERMISSIONS = ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:ListBucket'] as const;

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** The failure of a call as the operator reads it: the HTTP status, or the error's name when none came back. */
const answerOf = (err: unknown) => (statusOf(err) ? `${statusOf(err)} ${(err as Error).name}` : (err as Error).name);

/**
 * Media in an S3-compatible bucket (AWS, R2, MinIO; s3rver in tests). Several instances share it.
 * Checksums only WHEN_REQUIRED: since @aws-sdk/client-s3 3.729 the SDK adds CRC32 checksum headers
 * (and aws-chunked trailers) to every upload by default, which stores that do not know them refuse
 * (Cloudflare R2 answered 501 NotImplemented); S3 itself needs them for no call made here.
 */
export function createS3Storage(s: S3Settings): StorageProvider {
  const { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } =
    lazyPackage<typeof S3>('@aws-sdk/client-s3');
  const { getSignedUrl } = lazyPackage<typeof Presigner>('@aws-sdk/s3-request-presigner');
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
  });
  const k = (key: string) => `${s.prefix ?? ''}${assertSafeKey(key)}`;
  return {
    location: 's3',
    async stat(key): Promise<StoredObject | null> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: s.bucket, Key: k(key) }));
        return { size: Number(head.ContentLength ?? 0), mtime: head.LastModified ?? new Date(0) };
      } catch (err) {
        const status = statusOf(err);
        if (status === 404 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async read(key, range) {
      const res = await client.send(
        new GetObjectCommand({ Bucket: s.bucket, Key: k(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return res.Body as Readable;
    },
    async put(key, data) {
      const ext = key.split('.').pop() ?? '';
      await client.send(
        new PutObjectCommand({ Bucket: s.bucket, Key: k(key), Body: data, ContentType: CONTENT_TYPES[ext] ?? 'application/octet-stream' }),
      );
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: k(key) }));
    },
    async list(prefix = '') {
      const base = s.prefix ?? '';
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: s.bucket, Prefix: base + prefix, ContinuationToken: token }));
        for (const o of page.Contents ?? []) {
          const key = o.Key?.slice(base.length);
          // Objects this app did not name (another tool's, in the same bucket) are not its media.
          if (key && isSafeKey(key)) keys.push(key);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    async move(from, to) {
      // Keys are plain segments (keys.ts), so the copy source needs no escaping.
      await client.send(new CopyObjectCommand({ Bucket: s.bucket, Key: k(to), CopySource: `${s.bucket}/${k(from)}` }));
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: k(from) }));
    },
    // Signed locally (SigV4 query parameters): no request to the bucket.
    signedUrl(key, expiresInSeconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket: s.bucket, Key: k(key) }), { expiresIn: expiresInSeconds });
    },
    /**
     * Two reads that change nothing: a HEAD of a key that does not exist must answer 404 (403 means
     * s3:ListBucket is missing, or s3:GetObject when the listing passes) and ListObjectsV2 must succeed
     * (403: s3:ListBucket). What is missing is a problem of S3_ACCESS_KEY_ID on /health; a bucket that
     * cannot be reached one of S3_BUCKET. A check that passes clears both.
     */
    async checkAccess() {
      const outcome = async (call: () => Promise<unknown>) =>
        call().then(
          () => null,
          (err: unknown) => err,
        );
      const head = await outcome(() =>
        client.send(new HeadObjectCommand({ Bucket: s.bucket, Key: k(`_probe/missing-${randomBytes(8).toString('hex')}`) })),
      );
      const listing = await outcome(() => client.send(new ListObjectsV2Command({ Bucket: s.bucket, Prefix: s.prefix ?? '', MaxKeys: 1 })));
      const headDenied = head !== null && statusOf(head) === 403;
      const listDenied = listing !== null && statusOf(listing) === 403;
      const missing = listDenied ? ['s3:ListBucket'] : headDenied ? ['s3:GetObject'] : [];
      const unreachable = [head, listing].find((err) => err !== null && statusOf(err) !== 403 && !(err === head && statusOf(err) === 404));
      if (unreachable)
        reportSettingProblem(
          'S3_BUCKET',
          's3',
          `S3 のバケット「${s.bucket}」に届きません（${answerOf(unreachable)}）。S3_BUCKET、S3_ENDPOINT、S3_REGION を確かめてください`,
        );
      else clearSettingProblem('S3_BUCKET');
      if (missing.length) {
        const seen = [
          ...(headDenied ? ['存在しないキーの HEAD が 404 でなく 403'] : []),
          ...(listDenied ? ['ListObjectsV2 が 403 AccessDenied'] : []),
        ];
        const where = missing[0] === 's3:ListBucket' ? `arn:aws:s3:::${s.bucket}` : `arn:aws:s3:::${s.bucket}/*`;
        reportSettingProblem(
          'S3_ACCESS_KEY_ID',
          's3',
          `S3 のキーに ${missing.join('、')} の権限がありません（${seen.join('、')}）。${where} に許可してください。ないと、なくなったメディアの確認（ストリームのキャッシュ、プロフィール画像、監視の音声）とバックアップが失敗します（docs/operations.md）`,
        );
      } else clearSettingProblem('S3_ACCESS_KEY_ID');
      return missing;
    },
  };
}
