import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { StorageProvider } from '../providers/storage/types';
import {
  BackupRefused,
  type Catalog,
  databaseMigrations,
  q,
  readCatalog,
  readLines,
  type Sequence,
  STAGING_PREFIX,
  sha256,
  type VerifiedBackup,
  verifyBackup,
} from './backup';
import { type Db, inTransaction, rowsOf } from './client';

// The restore of a backup written by backup.ts (docs/decisions/0032-backups.md): all or nothing.

export interface RestoreOptions {
  /** Where media go (DATA_DIR/media or the bucket). Without it, media lines are checked but not written. */
  storage?: StorageProvider;
  /** DATA_DIR, where the backup's files (vapid.json) go. */
  dataDir?: string;
  /** Replace a database that holds data (else refused). */
  force?: boolean;
  /** The file's check already made (verifyBackup) by a caller that checks before opening the database. */
  verified?: VerifiedBackup;
}

export interface RestoreSummary {
  tables: Record<string, number>;
  mediaFiles: number;
  files: string[];
}

/**
 * Restores a backup, all or nothing (docs/decisions/0032-backups.md):
 * 1. the file is checked whole against its end record (verifyBackup), and the target against the file:
 *    every table and column of the backup exists there, and it holds no data unless `force`;
 * 2. media and files are staged: written under `_restore-<run>/` keys and `<name>._restore-<run>` files;
 * 3. in one transaction: every table emptied, the rows inserted, the sequences set; then, still inside it,
 *    each staged object moved into place (what it replaces moved aside); then the commit.
 * Any failure rolls the transaction back, moves the replaced objects back, and deletes what was staged
 * or placed, so the database and the media are as they were. After the commit the set-aside objects are
 * deleted.
 */
export async function restoreBackup(db: Db, file: string, opts: RestoreOptions = {}): Promise<RestoreSummary> {
  const verified = opts.verified ?? (await verifyBackup(file));
  const catalog = await readCatalog(db);
  await checkTarget(db, file, verified, catalog, opts.force ?? false);

  const run = randomBytes(6).toString('hex');
  const staging = `${STAGING_PREFIX}${run}`;
  const aside = `${STAGING_PREFIX}${run}-previous`;
  const storage = opts.storage;
  const staged: string[] = [];
  const stagedFiles: string[] = [];
  /** Objects moved into place, and whether each replaced one (then moved aside). */
  const placed: { key: string; replaced: boolean }[] = [];
  const placedFiles: { name: string; replaced: boolean }[] = [];
  const dataPath = (name: string) => path.join(opts.dataDir ?? '', name);
  const summary: RestoreSummary = { tables: {}, mediaFiles: 0, files: [] };

  try {
    for await (const { line } of readLines(file, ['media', 'file'])) {
      if (!line) continue;
      if (line.media && line.data && storage) {
        const data = Buffer.from(line.data, 'base64');
        if (sha256(data) !== line.sha256)
          throw new BackupRefused(`refused: ${file} changed while it was being restored; nothing was written`);
        staged.push(line.media); // before the write: a write that fails half-way is cleaned up too
        await storage.put(`${staging}/${line.media}`, data);
      } else if (line.file && line.data && opts.dataDir) {
        fs.mkdirSync(opts.dataDir, { recursive: true });
        stagedFiles.push(line.file);
        fs.writeFileSync(`${dataPath(line.file)}.${staging}`, Buffer.from(line.data, 'base64'), { mode: 0o600 });
      }
    }
    await inTransaction(db, async (tx) => {
      await tx.execute(sql.raw(`truncate ${catalog.tables.map(q).join(', ')} restart identity cascade`));
      const hash = createHash('sha256');
      for await (const { raw, line } of readLines(file, ['table', 'sequences', 'end'])) {
        if (line?.end) break;
        hash.update(`${raw}\n`);
        if (!line) continue;
        if (line.table && line.rows?.length) {
          const cols = Object.keys(line.rows[0]).map(q).join(', ');
          await tx
            .execute(
              sql`${sql.raw(`insert into ${q(line.table)} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${q(line.table)}, `)}${JSON.stringify(line.rows)}::json)`,
            )
            .catch((err: Error) => {
              // The driver's error repeats the statement and every row: the operator reads the database's reason.
              const reason = err.cause instanceof Error ? err.cause.message : err.message.split('\n')[0];
              throw new Error(`restore failed in table ${line.table}: ${reason}; nothing was written`);
            });
          summary.tables[line.table] = (summary.tables[line.table] ?? 0) + line.rows.length;
        } else if (line.sequences) {
          await setSequences(tx, catalog, line.sequences);
        }
      }
      // The file checked in step 1 must be the file read now.
      if (hash.digest('hex') !== verified.end.sha256)
        throw new BackupRefused(`refused: ${file} changed while it was being restored; nothing was written`);
      if (storage) {
        for (const key of staged) {
          const replaced = (await storage.stat(key)) !== null;
          if (replaced) await storage.move(key, `${aside}/${key}`);
          placed.push({ key, replaced });
          await storage.move(`${staging}/${key}`, key);
        }
      }
      for (const name of stagedFiles) {
        const replaced = fs.existsSync(dataPath(name));
        if (replaced) fs.renameSync(dataPath(name), `${dataPath(name)}.${aside}`);
        placedFiles.push({ name, replaced });
        fs.renameSync(`${dataPath(name)}.${staging}`, dataPath(name));
      }
    });
  } catch (err) {
    const left = await undoPlacement(storage, staging, aside, staged, placed, (name) => dataPath(name), stagedFiles, placedFiles);
    if (left.length) {
      const why = err instanceof Error ? err.message : String(err);
      throw new Error(`restore failed (${why}) and could not put back ${left.length} media file(s): the previous ones are under ${aside}/`);
    }
    throw err;
  }
  // Committed: what the restore replaced goes.
  if (storage) for (const p of placed.filter((p) => p.replaced)) await storage.delete(`${aside}/${p.key}`).catch(() => {});
  for (const p of placedFiles.filter((p) => p.replaced)) fs.rmSync(`${dataPath(p.name)}.${aside}`, { force: true });
  summary.mediaFiles = staged.length;
  summary.files = stagedFiles;
  return summary;
}

/** Puts the media and files back as they were before the restore; answers the keys it could not. */
async function undoPlacement(
  storage: StorageProvider | undefined,
  staging: string,
  aside: string,
  staged: string[],
  placed: { key: string; replaced: boolean }[],
  dataPath: (name: string) => string,
  stagedFiles: string[],
  placedFiles: { name: string; replaced: boolean }[],
): Promise<string[]> {
  const left: string[] = [];
  if (storage) {
    for (const p of [...placed].reverse()) {
      try {
        await storage.delete(p.key);
        if (p.replaced) await storage.move(`${aside}/${p.key}`, p.key);
      } catch {
        left.push(p.key);
      }
    }
    for (const key of staged) await storage.delete(`${staging}/${key}`).catch(() => {});
  }
  for (const p of [...placedFiles].reverse()) {
    fs.rmSync(dataPath(p.name), { force: true });
    if (p.replaced) fs.renameSync(`${dataPath(p.name)}.${aside}`, dataPath(p.name));
  }
  for (const name of stagedFiles) fs.rmSync(`${dataPath(name)}.${staging}`, { force: true });
  return left;
}

async function setSequences(tx: Db, catalog: Catalog, sequences: Sequence[]): Promise<void> {
  const owners = new Map(catalog.sequences.map((s) => [s.name, s]));
  for (const s of sequences) {
    const owner = owners.get(s.name);
    if (!owner) continue;
    // Never behind the restored rows, whatever the file says.
    const max = owner.table && owner.column ? `(select max(${q(owner.column)}) from ${q(owner.table)})` : 'null';
    await tx.execute(
      sql.raw(
        `select setval('${q(s.name)}', greatest(${BigInt(s.lastValue)}, coalesce(${max}, 0), 1), ${s.isCalled} or coalesce(${max}, 0) >= ${BigInt(s.lastValue)})`,
      ),
    );
  }
}

/** Refuses a target this backup cannot go into, before anything is written. */
async function checkTarget(db: Db, file: string, verified: VerifiedBackup, catalog: Catalog, force: boolean): Promise<void> {
  const refuse = (why: string) => new BackupRefused(`refused: ${why}; nothing was written`);
  const code = await databaseMigrations(db);
  const made = verified.header.migrations;
  if (made.count > code.count)
    throw refuse(`${file} was made by a newer version of Mugen (${made.count} migrations, this database has ${code.count})`);
  for (const [table, cols] of verified.columns) {
    const here = catalog.columns.get(table);
    if (!here) throw refuse(`${file} holds table ${table}, which this database does not have`);
    const missing = cols.find((c) => !here.includes(c));
    if (missing) throw refuse(`${file} holds column ${table}.${missing}, which this database does not have`);
  }
  if (force) return;
  const counts = catalog.tables.map((t) => `(select count(*) from ${q(t)})`).join(' + ');
  const n = Number(rowsOf<{ n: string | number }>(await db.execute(sql.raw(`select ${counts || '0'} as n`)))[0].n);
  if (n > 0) throw refuse(`the database is not empty (${n} rows; use --force to replace its contents)`);
}
