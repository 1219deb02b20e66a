import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// A stand-in of an S3 bucket whose key may lack permissions, written from Amazon's documents: s3rver
// keeps the objects, and a front in front of it refuses what IAM would refuse.
// - HeadObject / GetObject (https://docs.aws.amazon.com/AmazonS3/latest/API/API_HeadObject.html): "If the
//   object you request doesn't exist, the error that Amazon S3 returns depends on whether you also have
//   the s3:ListBucket permission. If you have the s3:ListBucket permission on the bucket, Amazon S3
//   returns an HTTP status code 404 Not Found error. If you don't have the s3:ListBucket permission,
//   Amazon S3 returns an HTTP status code 403 Forbidden error." A HEAD answer carries no body.
// - ListObjectsV2 needs s3:ListBucket on the bucket's ARN (not `bucket/*`); PutObject s3:PutObject,
//   DeleteObject s3:DeleteObject, CopyObject s3:GetObject on the source and s3:PutObject on the target.
// The refusal is S3's error XML, as AWS answers it today:
//   <Error><Code>AccessDenied</Code><Message>User: arn:aws:iam::…:user/… is not authorized to perform:
//   s3:ListBucket on resource: "arn:aws:s3:::bucket" because no identity-based policy allows the
//   s3:ListBucket action</Message><RequestId>…</RequestId><HostId>…</HostId></Error>

export type S3Action = 's3:GetObject' | 's3:PutObject' | 's3:DeleteObject' | 's3:ListBucket';

/** The key pair s3rver accepts. */
export const S3_STAND_IN_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
const USER_ARN = 'arn:aws:iam::123456789012:user/mugen-media';

export interface S3StandIn {
  /** The front's address (the one to give S3_ENDPOINT), path-style. */
  url: string;
  bucket: string;
  /** The actions the key lacks; the test changes it between calls. */
  denied: Set<S3Action>;
  /** Each request the front answered: `METHOD /path?query status`. */
  answered: string[];
  close(): Promise<void>;
}

function accessDenied(res: http.ServerResponse, head: boolean, message: string) {
  const id = randomBytes(8).toString('hex').toUpperCase();
  res.writeHead(403, { 'content-type': 'application/xml', 'x-amz-request-id': id });
  if (head) return void res.end();
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${message}</Message><RequestId>${id}</RequestId><HostId>${randomBytes(24).toString('base64')}</HostId></Error>`,
  );
}

/** What IAM checks for this request (path-style: /bucket or /bucket/key). */
function actionOf(method: string, url: URL): { action: S3Action; resource: string; key?: string } {
  const [, bucket = '', ...rest] = url.pathname.split('/');
  const key = rest.join('/');
  if (!key) return { action: 's3:ListBucket', resource: `arn:aws:s3:::${bucket}` };
  const resource = `arn:aws:s3:::${bucket}/${key}`;
  if (method === 'PUT') return { action: 's3:PutObject', resource, key };
  if (method === 'DELETE') return { action: 's3:DeleteObject', resource, key };
  return { action: 's3:GetObject', resource, key };
}

/** An S3 bucket on a local port whose key lacks the actions in `denied` (none at first). */
export async function startS3StandIn(bucket = 'mugen-media'): Promise<S3StandIn> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-s3-stand-in-'));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket, configs: [] }] });
  const upstream = (await s3.run()) as AddressInfo;
  const denied = new Set<S3Action>();
  const answered: string[] = [];
  const front = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://s3');
    const head = method === 'HEAD';
    const note = (status: number) => answered.push(`${method} ${url.pathname}${url.search} ${status}`);
    const { action, resource, key } = actionOf(method, url);
    const copied = req.headers['x-amz-copy-source'];
    const refused: S3Action | undefined = denied.has(action) ? action : copied && denied.has('s3:GetObject') ? 's3:GetObject' : undefined;
    if (refused) {
      note(403);
      req.resume();
      return accessDenied(
        res,
        head,
        `User: ${USER_ARN} is not authorized to perform: ${refused} on resource: "${resource}" because no identity-based policy allows the ${refused} action`,
      );
    }
    const proxied = http.request({ host: '127.0.0.1', port: upstream.port, method, path: req.url, headers: req.headers }, (up) => {
      // Without s3:ListBucket, S3 does not say an object is missing: 403 instead of 404.
      if (key && (head || method === 'GET') && up.statusCode === 404 && denied.has('s3:ListBucket')) {
        up.resume();
        note(403);
        return accessDenied(res, head, 'Access Denied');
      }
      note(up.statusCode ?? 502);
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    req.pipe(proxied);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    bucket,
    denied,
    answered,
    async close() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await s3.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
