import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import { lazyPackage } from '../../lib/lazy-package';
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
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
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
  };
}
