import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { getTableName, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { insertTrack } from '../test/app';
import {
  backupSuite,
  declared,
  expectUntouched,
  FILLED,
  media,
  opts,
  SLOW,
  schemaTables,
  sequences,
  snapshot,
  stateOf,
  vapidFile,
} from '../test/backup-kit';
import { BackupRefused } from './backup-format';
import { restoreBackup } from './backup-restore';
import { rowsOf } from './client';
import * as schema from './schema';

// Issue 30: a backup brings everything back (every table the schema declares, the sequences, every
// media object, the web push keys), proves it is whole, and a restore is all or nothing.

const suite = backupSuite();
const { fresh, edited } = suite;

describe('#30.1 every table, every sequence, every media file', () => {
  it(
    '#30.1 the backup holds every table the schema declares, parents before the tables that reference them',
    async () => {
      const lines = zlib
        .gunzipSync(await fs.readFile(suite.file))
        .toString('utf8')
        .split('\n')
        .filter(Boolean);
      const end = JSON.parse(lines.at(-1) as string).end;
      expect(Object.keys(end.tables).sort()).toEqual([...schemaTables].sort());
      const order = Object.keys(end.tables);
      for (const table of declared) {
        for (const fk of getTableConfig(table).foreignKeys) {
          const parent = getTableName(fk.reference().foreignTable);
          if (parent !== getTableName(table)) expect(order.indexOf(parent)).toBeLessThan(order.indexOf(getTableName(table)));
        }
      }
    },
    SLOW,
  );

  it(
    '#30.1 round trip: every table row by row, every sequence, every media file byte by byte, the push keys; the payer keeps their subscription',
    async () => {
      const rows = await snapshot(suite.source);
      for (const table of FILLED) expect(rows[table].length, table).toBeGreaterThan(0);
      const target = await fresh();
      const done = await restoreBackup(target.db, suite.file, opts(target));
      expect(done.mediaFiles).toBe(3);
      expect(done.files).toEqual(['vapid.json']);
      expect(await snapshot(target)).toEqual(rows);
      expect(await sequences(target)).toEqual(await sequences(suite.source));
      const sourceMedia = await media(suite.source.storage);
      expect(Object.keys(sourceMedia)).toHaveLength(3);
      expect(await media(target.storage)).toEqual(sourceMedia);
      expect(await fs.readFile(vapidFile(target), 'utf8')).toBe(await fs.readFile(vapidFile(suite.source), 'utf8'));
      // The paying member's session and subscription answer as before.
      const res = await target.app.inject({ method: 'GET', url: '/api/premium/subscription', headers: { cookie: suite.payer.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(suite.payer.subscription);
      // New rows take ids after the restored ones.
      const [maxTrack] = await target.db.execute(sql`select max(id)::int as m from tracks`).then((r) => rowsOf<{ m: number }>(r));
      const added = await insertTrack(target, { title: '復元後の音声' });
      expect(added.id).toBe(maxTrack.m + 1);
      const [theme] = await target.db.insert(schema.themes).values({ title: '新', content: '新しい' }).returning();
      expect(theme.id).toBe(2);
    },
    SLOW,
  );

  it(
    '#30.1 refuses to restore over data unless forced, and then replaces it',
    async () => {
      const target = await fresh();
      await insertTrack(target, { title: '上書きされる' });
      const before = await stateOf(target);
      await expect(restoreBackup(target.db, suite.file, opts(target))).rejects.toThrow(
        /^refused: the database is not empty \(\d+ rows; use --force to replace its contents\); nothing was written$/,
      );
      await expectUntouched(target, before);
      await restoreBackup(target.db, suite.file, { ...opts(target), force: true });
      expect(await snapshot(target)).toEqual(await snapshot(suite.source));
    },
    SLOW,
  );
});

describe('#30.2 a backup proves it is whole', () => {
  it(
    '#30.2 a backup cut at a line boundary (its first 5 lines) is refused and nothing is written',
    async () => {
      const cut = await edited('cut.jsonl.gz', (lines) => lines.slice(0, 5));
      const target = await fresh();
      const before = await stateOf(target);
      const err = await restoreBackup(target.db, cut, opts(target)).catch((e) => e);
      expect(err).toBeInstanceOf(BackupRefused);
      expect(err.message).toBe(`refused: ${cut} is cut short: it has no end record (5 lines read); nothing was written`);
      await expectUntouched(target, before);
    },
    SLOW,
  );

  it(
    '#30.2 npm run restore of the cut backup: one line for the operator, exit 1, nothing written',
    async () => {
      const cut = await edited('cut-cli.jsonl.gz', (lines) => lines.slice(0, 5));
      const dataDir = path.join(suite.dir, 'cli-target');
      const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', path.resolve('src/server/cli/backup.ts'), 'restore', cut],
          { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '', NODE_ENV: 'test' } },
          (err, stdout, stderr) => resolve({ code: err ? (err.code as number) : 0, stdout, stderr }),
        );
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`[mugen] refused: ${cut} is cut short: it has no end record (5 lines read); nothing was written\n`);
      expect(run.stdout).toBe('');
      // Checked before the database is opened: not even an empty one was made.
      await expect(fs.access(dataDir)).rejects.toThrow(/ENOENT/);
    },
    SLOW,
  );

  it(
    '#30.2 a row taken out, a media file changed, a gzip cut mid-stream are refused before anything is written',
    async () => {
      const target = await fresh();
      const before = await stateOf(target);
      const lessRows = await edited('rows.jsonl.gz', (lines) =>
        lines.map((l) => {
          const v = JSON.parse(l);
          if (v.table === 'likes') v.rows = [];
          return JSON.stringify(v);
        }),
      );
      await expect(restoreBackup(target.db, lessRows, opts(target))).rejects.toThrow(
        `refused: ${lessRows} does not match its end record (likes: 0 rows read, 1 recorded); nothing was written`,
      );
      const otherMedia = await edited('media.jsonl.gz', (lines) =>
        lines.map((l) => {
          const v = JSON.parse(l);
          if (v.media) v.data = Buffer.from('changed').toString('base64');
          return JSON.stringify(v);
        }),
      );
      await expect(restoreBackup(target.db, otherMedia, opts(target))).rejects.toThrow(/^refused: .* holds a damaged media file \(/);
      const bytes = await fs.readFile(suite.file);
      const torn = path.join(suite.dir, 'torn.jsonl.gz');
      await fs.writeFile(torn, bytes.subarray(0, Math.floor(bytes.length / 2)));
      await expect(restoreBackup(target.db, torn, opts(target))).rejects.toThrow(
        /^refused: .* is not a whole gzip file \(unexpected end of file/,
      );
      await expectUntouched(target, before);
    },
    SLOW,
  );

  it(
    'refuses a file that is not a Mugen backup',
    async () => {
      const bad = path.join(suite.dir, 'bad.gz');
      await fs.writeFile(bad, zlib.gzipSync('{"format":"other"}\n'));
      const target = await fresh();
      await expect(restoreBackup(target.db, bad, { force: true })).rejects.toThrow(
        `refused: ${bad} is not a Mugen backup this version restores (format other); nothing was written`,
      );
    },
    SLOW,
  );
});
