import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_UPLOAD_MAX_BYTES } from '../../shared/rules/admin-audio';
import { insertTrack, type TestApp } from '../test/app';
import { backupSuite, dataDirFiles, media, opts, SLOW, sequences, snapshot, stateOf, vapidFile } from '../test/backup-kit';
import { verifyBackup, writeBackup } from './backup';
import { MAX_LINE_BYTES } from './backup-format';
import { restoreBackup } from './backup-restore';
import { rowsOf } from './client';
import * as schema from './schema';

// Issue 36: a backup file is trusted input, and a restore believes nothing of it that it can check.

const suite = backupSuite();
const { fresh, forged } = suite;

/** Everything a restore may touch: rows, sequences, media, every file of DATA_DIR. */
const everything = async (t: TestApp) => ({
  rows: await snapshot(t),
  sequences: await sequences(t),
  media: await media(t.storage),
  files: await dataDirFiles(t),
});
const lineOf = async (file: string, prefix: string) =>
  zlib
    .gunzipSync(await fsp.readFile(file))
    .toString('utf8')
    .split('\n')
    .findIndex((l) => l.startsWith(prefix)) + 1;
const regclass = async (t: TestApp, name: string) =>
  rowsOf<{ r: string | null }>(await t.db.execute(sql`select to_regclass(${name})::text as r`))[0].r;

function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.resolve('src/server/cli/backup.ts'), ...args],
      { env: { ...process.env, DATABASE_URL: '', S3_BUCKET: '', NODE_ENV: 'test', ...env }, maxBuffer: 1024 * 1024 },
      (err, stdout, stderr) => resolve({ code: err ? (err.code as number) : 0, stdout, stderr }),
    );
  });
}

describe('#36.1 no value of a backup file is spliced into SQL', () => {
  it(
    '#36.1 a sequences line carrying SQL in isCalled, lastValue or name (end record recomputed) is refused, and no SQL of it runs',
    async () => {
      const target = await fresh();
      const before = await everything(target);
      const n = await lineOf(suite.file, '{"sequences":');
      const poisons: [Record<string, unknown>, string][] = [
        [
          { isCalled: "true); create table pwned_36 (x int); copy (select 1) to '/tmp/pwned_36'; select (true" },
          'isCalled: Invalid input: expected boolean, received string',
        ],
        [{ lastValue: '1, true); create table pwned_36 (x int); select (1' }, 'lastValue: not a bigint'],
        [{ name: 'likes_id_seq"\', 1); create table pwned_36 (x int); select setval(\'"likes_id_seq' }, 'name: not a sequence of this app'],
      ];
      for (const [i, [change, why]] of poisons.entries()) {
        const file = await forged(`seq-${i}.jsonl.gz`, (lines) =>
          lines.map((l) =>
            Array.isArray(l.sequences) ? { sequences: l.sequences.map((s: object, j: number) => (j === 0 ? { ...s, ...change } : s)) } : l,
          ),
        );
        await expect(restoreBackup(target.db, file, { ...opts(target), force: true })).rejects.toThrow(
          `refused: ${file} holds an invalid sequences line (line ${n}, sequences.0.${why}); nothing was written`,
        );
      }
      expect(await regclass(target, 'pwned_36')).toBe(null);
      expect(fs.existsSync('/tmp/pwned_36')).toBe(false);
      expect(await everything(target)).toEqual(before);
    },
    SLOW,
  );
});

describe('#36.2 a failed restore leaves what it was replacing', () => {
  it(
    '#36.2 two media lines for one key, or two vapid.json lines, are refused before anything is written',
    async () => {
      const target = await fresh();
      const [track] = await suite.source.db.select().from(schema.tracks);
      await target.storage.put(`audio/${track.filename}`, Buffer.from('the file it would replace'));
      const before = await everything(target);
      const twiceMedia = await forged('twice-media.jsonl.gz', (lines) =>
        lines.flatMap((l) => (l.media === `audio/${track.filename}` ? [l, l] : [l])),
      );
      const n = await lineOf(twiceMedia, `{"media":"audio/${track.filename}"`);
      await expect(restoreBackup(target.db, twiceMedia, { ...opts(target), force: true })).rejects.toThrow(
        `refused: ${twiceMedia} holds the media file audio/${track.filename} twice (line ${n + 1}); nothing was written`,
      );
      const twiceVapid = await forged('twice-vapid.jsonl.gz', (lines) => lines.flatMap((l) => (l.file === 'vapid.json' ? [l, l] : [l])));
      const v = await lineOf(twiceVapid, '{"file":"vapid.json"');
      await expect(restoreBackup(target.db, twiceVapid, { ...opts(target), force: true })).rejects.toThrow(
        `refused: ${twiceVapid} holds the file vapid.json twice (line ${v + 1}); nothing was written`,
      );
      const twiceRow = await forged('twice-row.jsonl.gz', (lines) =>
        lines.map((l) => (l.table === 'likes' && Array.isArray(l.rows) ? { ...l, rows: [...l.rows, l.rows[0]] } : l)),
      );
      const r = await lineOf(twiceRow, '{"table":"likes"');
      const [like] = await suite.source.db.select().from(schema.likes);
      await expect(restoreBackup(target.db, twiceRow, { ...opts(target), force: true })).rejects.toThrow(
        `refused: ${twiceRow} holds the row likes [${like.id}] twice (line ${r}); nothing was written`,
      );
      expect(await everything(target)).toEqual(before);
    },
    SLOW,
  );

  it(
    '#36.2 a restore killed at each of its steps leaves the database, the sequences, the media and the data dir exactly as they were',
    async () => {
      const verified = await verifyBackup(suite.file);
      // Every step a whole restore takes, in order.
      const steps: string[] = [];
      const probe = await fresh();
      await restoreBackup(probe.db, suite.file, { ...opts(probe), verified, checkpoint: (s) => void steps.push(s) });
      const count = (prefix: string) => steps.filter((s) => s.startsWith(prefix)).length;
      expect([
        count('stage media '),
        count('stage file '),
        count('place media '),
        count('placed media '),
        count('place file '),
        count('placed file '),
      ]).toEqual([3, 1, 3, 3, 1, 1]);
      expect([steps[0], steps.at(-1), count('empty the tables'), count('sequences')]).toEqual([
        steps.find((s) => s.startsWith('stage media ')),
        'commit',
        1,
        1,
      ]);
      // A target whose data, media (one at a key the backup holds) and push keys the restore would replace.
      const target = await fresh();
      await insertTrack(target, { title: '置き換えられる音声' });
      const [track] = await suite.source.db.select().from(schema.tracks);
      await target.storage.put(`audio/${track.filename}`, Buffer.from('the file it would replace'));
      const before = await everything(target);
      expect(before.files['vapid.json']).toMatch(/^[0-9a-f]{64}$/);
      // Every step but the table lines between the first and the last: those are one step (rows inserted
      // in the open transaction) repeated, and each restore here takes seconds on a shared machine.
      const rowSteps = steps.filter((s) => s.startsWith('rows '));
      const kills = steps.filter((s) => !s.startsWith('rows ') || s === rowSteps[0] || s === rowSteps.at(-1));
      expect(kills.length).toBe(steps.length - rowSteps.length + 2);
      for (const kill of kills) {
        await expect(
          restoreBackup(target.db, suite.file, {
            ...opts(target),
            force: true,
            verified,
            checkpoint: (s) => {
              if (s === kill) throw new Error(`killed at ${s} (injected)`);
            },
          }),
          kill,
        ).rejects.toThrow(`killed at ${kill} (injected)`);
        expect(await everything(target), kill).toEqual(before);
      }
    },
    SLOW * 3,
  );
});

describe('#36.3 a restore believes nothing of the file’s shape', () => {
  it(
    '#36.3 a table that is not the app’s, a column its table lacks, a media line that also names a table, a signature before the end: refused before anything is written',
    async () => {
      const target = await fresh();
      const before = await stateOf(target);
      const cases: [
        string,
        (lines: Record<string, unknown>[]) => Record<string, unknown>[],
        (n: (p: string) => Promise<number>) => Promise<string>,
      ][] = [
        [
          'authid',
          (lines) => [...lines.slice(0, 1), { table: 'pg_authid', rows: [{ rolname: 'mugen', rolsuper: true }] }, ...lines.slice(1)],
          async () => 'holds an invalid table line (line 2, table: not a table of this app)',
        ],
        [
          'column',
          (lines) =>
            lines.map((l) =>
              l.table === 'themes' && Array.isArray(l.rows) ? { ...l, rows: l.rows.map((r) => ({ ...r, owner_password: 'x' })) } : l,
            ),
          async (n) => `holds an invalid table line (line ${await n('{"table":"themes"')}, rows.0: Unrecognized key: "owner_password")`,
        ],
        [
          'media-table',
          (lines) => lines.map((l) => (typeof l.media === 'string' ? { ...l, table: 'users' } : l)),
          async (n) => `holds a line this version does not know (line ${await n('{"media":')})`,
        ],
        [
          'staging',
          (lines) => lines.map((l) => (typeof l.media === 'string' ? { ...l, media: `_restore-x/${l.media}` } : l)),
          async (n) => `holds an invalid media line (line ${await n('{"media":')}, media: a staging key)`,
        ],
        [
          'signature-first',
          (lines) => [...lines.slice(0, 1), { signature: { alg: 'hmac-sha256', hmac: 'a'.repeat(64) } }, ...lines.slice(1)],
          async () => 'holds a signature before its end record (line 2)',
        ],
      ];
      for (const [name, edit, why] of cases) {
        const file = await forged(`${name}.jsonl.gz`, edit);
        const message = `refused: ${file} ${await why((p) => lineOf(file, p))}; nothing was written`;
        await expect(restoreBackup(target.db, file, { ...opts(target), force: true }), name).rejects.toThrow(message);
      }
      expect(await stateOf(target)).toEqual(before);
    },
    SLOW,
  );

  it(
    '#36.3 a symbolic link on a restored file’s path (media/audio, vapid.json) is refused before anything is written; nothing lands outside the data dir',
    async () => {
      const target = await fresh();
      const outside = path.join(suite.dir, 'outside');
      await fsp.mkdir(outside, { recursive: true });
      await fsp.mkdir(path.join(target.config.dataDir, 'media'), { recursive: true });
      await fsp.symlink(outside, path.join(target.config.dataDir, 'media', 'audio'));
      const rows = await snapshot(target);
      await expect(restoreBackup(target.db, suite.file, opts(target))).rejects.toThrow(
        `refused: ${path.join(target.config.dataDir, 'media', 'audio')} is a symbolic link, and a restore writes through none; nothing was written`,
      );
      expect(await fsp.readdir(outside)).toEqual([]);
      await fsp.rm(path.join(target.config.dataDir, 'media', 'audio'));
      const elsewhere = path.join(outside, 'vapid.json');
      await fsp.writeFile(elsewhere, 'not the push keys');
      await fsp.rm(vapidFile(target));
      await fsp.symlink(elsewhere, vapidFile(target));
      await expect(restoreBackup(target.db, suite.file, opts(target))).rejects.toThrow(
        `refused: ${vapidFile(target)} is a symbolic link, and a restore writes through none; nothing was written`,
      );
      expect(await fsp.readFile(elsewhere, 'utf8')).toBe('not the push keys');
      expect(await fsp.readdir(outside)).toEqual(['vapid.json']);
      expect(await snapshot(target)).toEqual(rows);
      expect(await media(target.storage)).toEqual({});
    },
    SLOW,
  );

  it(
    '#36.3 a line longer than MAX_LINE_BYTES (a small gzip that inflates): npm run restore refuses in one line, exit 1, nothing written',
    async () => {
      // The largest legitimate line, a 50 MiB upload base64'd, fits.
      expect(MAX_LINE_BYTES).toBeGreaterThan(Math.ceil(ADMIN_UPLOAD_MAX_BYTES / 3) * 4 + 4096);
      const file = path.join(suite.dir, 'long-line.jsonl.gz');
      const header = zlib
        .gunzipSync(await fsp.readFile(suite.file))
        .toString('utf8')
        .split('\n')[0];
      async function* lines() {
        yield `${header}\n{"table":"users","rows":[{"id":"`;
        const block = Buffer.alloc(1024 * 1024, 'a');
        for (let i = 0; i <= MAX_LINE_BYTES / block.length; i++) yield block;
        yield '"}]}\n';
      }
      await pipeline(lines, zlib.createGzip(), fs.createWriteStream(file));
      expect((await fsp.stat(file)).size).toBeLessThan(MAX_LINE_BYTES / 100);
      const dataDir = path.join(suite.dir, 'long-line-target');
      const run = await runCli(['restore', file], { DATA_DIR: dataDir });
      expect(run).toEqual({
        code: 1,
        stdout: '',
        stderr: `[mugen] refused: ${file} holds a line longer than ${MAX_LINE_BYTES} bytes (line 2); nothing was written\n`,
      });
      await expect(fsp.access(dataDir)).rejects.toThrow(/ENOENT/);
    },
    SLOW,
  );

  it(
    '#36.3 with BACKUP_SIGNING_KEY, a signed backup restores; an unsigned one, a changed one (end record recomputed) or one signed with another key is refused',
    async () => {
      const key = 'k'.repeat(40);
      const signed = path.join(suite.dir, 'signed.jsonl.gz');
      await writeBackup(suite.source.db, signed, { ...opts(suite.source), signingKey: key });
      expect((await verifyBackup(signed, { signingKey: key })).signed).toBe(true);
      const changeTheme = (lines: Record<string, unknown>[]) =>
        lines.map((l) =>
          l.table === 'themes' && Array.isArray(l.rows) ? { ...l, rows: l.rows.map((r) => ({ ...r, title: '書き換え' })) } : l,
        );
      const stripped = await forged('signed-stripped.jsonl.gz', changeTheme, signed);
      const kept = await forged('signed-kept.jsonl.gz', changeTheme, signed, true);
      const target = await fresh();
      const before = await stateOf(target);
      const refusals: [string, string, string][] = [
        [suite.file, key, 'is not signed, and BACKUP_SIGNING_KEY is set (a backup made without the key)'],
        [stripped, key, 'is not signed, and BACKUP_SIGNING_KEY is set (a backup made without the key)'],
        [kept, key, 'does not match its signature (changed since it was made, or signed with another BACKUP_SIGNING_KEY)'],
        [signed, 'o'.repeat(40), 'does not match its signature (changed since it was made, or signed with another BACKUP_SIGNING_KEY)'],
      ];
      for (const [file, signingKey, why] of refusals)
        await expect(restoreBackup(target.db, file, { ...opts(target), force: true, signingKey })).rejects.toThrow(
          `refused: ${file} ${why}; nothing was written`,
        );
      expect(await stateOf(target)).toEqual(before);
      // Without the key the changed file is whole by its own end record: only a signature tells.
      expect((await verifyBackup(kept)).signed).toBe(true);
      await restoreBackup(target.db, signed, { ...opts(target), force: true, signingKey: key });
      expect(await snapshot(target)).toEqual(await snapshot(suite.source));
    },
    SLOW,
  );
});
