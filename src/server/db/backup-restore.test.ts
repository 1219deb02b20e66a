import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageProvider } from '../providers/storage/types';
import { insertTrack } from '../test/app';
import { backupSuite, expectUntouched, media, opts, SLOW, snapshot, stateOf, vapidFile } from '../test/backup-kit';
import { writeBackup } from './backup';
import { restoreBackup } from './backup-restore';
import * as schema from './schema';

// Issue 30: a restore is all or nothing, into the local store or an S3 bucket.

const suite = backupSuite();
const { fresh } = suite;

describe('#30.3 a restore is all or nothing', () => {
  it(
    '#30.3 a failure while moving media into place leaves the database and the media as they were',
    async () => {
      const target = await fresh();
      const old = await insertTrack(target, { title: '元の音声' });
      // A file at a key the backup also holds, with other bytes: the restore sets it aside, then must put it back.
      const [restored] = await suite.source.db.select().from(schema.tracks);
      await target.storage.put(`audio/${restored.filename}`, Buffer.from('older bytes'));
      const before = await stateOf(target);
      let moves = 0;
      const failing: StorageProvider = {
        ...target.storage,
        move: async (from, to) => {
          moves += 1;
          if (moves === 3) throw new Error('disk full (injected)');
          return target.storage.move(from, to);
        },
      };
      // The restore places three files (the track, its 128 kbit/s copy, a preview); the third move fails.
      await expect(restoreBackup(target.db, suite.file, { storage: failing, dataDir: target.config.dataDir, force: true })).rejects.toThrow(
        'disk full (injected)',
      );
      await expectUntouched(target, before);
      expect(Object.keys(before.media).sort()).toEqual([`audio/${old.filename}`, `audio/${restored.filename}`].sort());
      expect(before.media[`audio/${restored.filename}`]).toBe(Buffer.from('older bytes').toString('base64'));
    },
    SLOW,
  );

  it(
    '#30.3 a write that fails while staging (after the bytes landed) leaves no staged object behind',
    async () => {
      const target = await fresh();
      const before = await stateOf(target);
      let puts = 0;
      const failing: StorageProvider = {
        ...target.storage,
        put: async (key, data) => {
          await target.storage.put(key, data);
          puts += 1;
          if (puts === 2) throw new Error('timed out after the upload (injected)');
        },
      };
      await expect(restoreBackup(target.db, suite.file, { storage: failing, dataDir: target.config.dataDir })).rejects.toThrow(
        'timed out after the upload (injected)',
      );
      await expectUntouched(target, before);
    },
    SLOW,
  );

  it(
    '#30.3 a failure in the database (after the media are staged) leaves both as they were',
    async () => {
      const target = await fresh();
      const before = await stateOf(target);
      // A row this database refuses (a check the target has and the source had not) fails only inside the transaction.
      await target.db.execute(sql`alter table themes add constraint backup_test_no_stars check (title <> '星空')`);
      const rowsBefore = await snapshot(target);
      await expect(restoreBackup(target.db, suite.file, opts(target))).rejects.toThrow(
        'restore failed in table themes: new row for relation "themes" violates check constraint "backup_test_no_stars"; nothing was written',
      );
      expect(await snapshot(target)).toEqual(rowsBefore);
      expect(await media(target.storage)).toEqual(before.media);
      expect(await fs.readFile(vapidFile(target), 'utf8')).toBe(before.vapid);
    },
    SLOW,
  );
});

describe('#30.3 media in an S3 bucket (s3rver)', () => {
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  const bucketApp = (prefix: string) =>
    fresh({
      S3_BUCKET: 'mugen-media',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: prefix,
    });

  beforeAll(async () => {
    s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-backup-s3-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'mugen-media', configs: [] }],
    });
    endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
  });
  afterAll(async () => {
    await s3.close();
    await fs.rm(s3Dir, { recursive: true, force: true });
  }, SLOW);

  it(
    '#30.3 restores into a bucket and backs up from it: the same rows and the same bytes both ways',
    async () => {
      const bucket = await bucketApp('roundtrip/');
      expect(bucket.storage.location).toBe('s3');
      await restoreBackup(bucket.db, suite.file, opts(bucket));
      expect(await media(bucket.storage)).toEqual(await media(suite.source.storage));
      const again = path.join(suite.dir, 'from-bucket.jsonl.gz');
      const end = await writeBackup(bucket.db, again, opts(bucket));
      expect(end.media.files).toBe(3);
      const local = await fresh();
      await restoreBackup(local.db, again, opts(local));
      expect(await snapshot(local)).toEqual(await snapshot(suite.source));
      expect(await media(local.storage)).toEqual(await media(suite.source.storage));
    },
    SLOW,
  );

  it(
    '#30.3 a failure while moving objects into place leaves the bucket and the database as they were (no staging key left)',
    async () => {
      const bucket = await bucketApp('failing/');
      const [restored] = await suite.source.db.select().from(schema.tracks);
      await bucket.storage.put(`audio/${restored.filename}`, Buffer.from('older bytes'));
      await insertTrack(bucket, { title: 'バケットの元の音声' });
      const before = await stateOf(bucket);
      let moves = 0;
      const failing: StorageProvider = {
        ...bucket.storage,
        move: async (from, to) => {
          moves += 1;
          if (moves === 3) throw new Error('bucket unavailable (injected)');
          return bucket.storage.move(from, to);
        },
      };
      await expect(restoreBackup(bucket.db, suite.file, { storage: failing, dataDir: bucket.config.dataDir, force: true })).rejects.toThrow(
        'bucket unavailable (injected)',
      );
      await expectUntouched(bucket, before);
      expect(Object.keys(before.media)).toHaveLength(2);
    },
    SLOW,
  );
});
