import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { StorageProvider } from '../providers/storage/types';
import { type Catalog, databaseMigrations, readCatalog, sha256, type VerifiedBackup, verifyBackup } from './backup';
import { APP_SEQUENCES, BackupRefused, type Line, parseLine, readRawLines, type Sequence } from './backup-format';
import { Placement } from './backup-place';
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
  /** BACKUP_SIGNING_KEY: the file must carry a signature made with it. */
  signingKey?: string;
  /** Called before each step that writes (each object staged, the emptying, each table line, each move): the tests' failure points. */
  checkpoint?: (step: string) => void | Promise<void>;
}

export interface RestoreSummary {
  tables: Record<string, number>;
  mediaFiles: number;
  files: string[];
}

/** The lines of the kinds a step reads, parsed strictly; the others raw (for the checksum). */
async function* linesOf(file: string, kinds: Line['kind'][]): AsyncGenerator<{ raw: string; line: Line | null }> {
  const wanted = kinds.map((k) => `{"${k}":`);
  for await (const { n, raw } of readRawLines(file)) {
    yield { raw, line: wanted.some((w) => raw.startsWith(w)) ? parseLine(file, n, raw) : null };
  }
}

/**
 * Restores a backup, all or nothing (docs/decisions/0032-backups.md):
 * 1. the file is checked whole (verifyBackup: strict lines, no duplicates, its end record, its
 *    signature), and the target against the file: every table and column of the backup exists there,
 *    no symbolic link is on a path it writes, and it holds no data unless `force`;
 * 2. media and files are staged (backup-place.ts), each checked against the digest verified in step 1;
 * 3. in one transaction: every table emptied, the rows inserted, the sequences set; then, still inside it,
 *    each staged object moved into place (what it replaces moved aside); then the commit.
 * Any failure rolls the transaction back, moves the replaced objects back, and deletes what was staged
 * or placed, so the database and the media are as they were. After the commit the set-aside objects are
 * deleted.
 */
export async function restoreBackup(db: Db, file: string, opts: RestoreOptions = {}): Promise<RestoreSummary> {
  const verified = opts.verified ?? (await verifyBackup(file, { signingKey: opts.signingKey }));
  const catalog = await readCatalog(db);
  const place = new Placement(opts.storage, opts.dataDir, randomBytes(6).toString('hex'));
  await checkTarget(db, file, verified, catalog, opts.force ?? false);
  place.checkPaths(opts.storage ? verified.media.keys() : [], opts.dataDir ? verified.end.files : []);
  const step = async (what: string) => {
    await opts.checkpoint?.(what);
  };
  const changed = () => new BackupRefused(`refused: ${file} changed while it was being restored; nothing was written`);
  const summary: RestoreSummary = { tables: {}, mediaFiles: 0, files: [] };

  try {
    for await (const { line } of linesOf(file, ['media', 'file'])) {
      if (line?.kind === 'media' && opts.storage) {
        const data = Buffer.from(line.data, 'base64');
        if (sha256(data) !== verified.media.get(line.media)) throw changed();
        await step(`stage media ${line.media}`);
        await place.stageMedia(line.media, data);
      } else if (line?.kind === 'file' && opts.dataDir) {
        const data = Buffer.from(line.data, 'base64');
        if (sha256(data) !== line.sha256 || !verified.end.files.includes(line.file)) throw changed();
        await step(`stage file ${line.file}`);
        place.stageFile(line.file, data);
      }
    }
    await inTransaction(db, async (tx) => {
      await step('empty the tables');
      await tx.execute(
        sql`truncate ${sql.join(
          catalog.tables.map((t) => sql.identifier(t)),
          sql`, `,
        )} restart identity cascade`,
      );
      const hash = createHash('sha256');
      for await (const { raw, line } of linesOf(file, ['table', 'sequences', 'end'])) {
        if (line?.kind === 'end') break;
        hash.update(`${raw}\n`);
        if (line?.kind === 'table' && line.rows.length) {
          await step(`rows ${line.table}`);
          await insertRows(tx, line.table, line.rows);
          summary.tables[line.table] = (summary.tables[line.table] ?? 0) + line.rows.length;
        } else if (line?.kind === 'sequences') {
          await step('sequences');
          await setSequences(tx, catalog, line.sequences);
        }
      }
      // The file checked in step 1 must be the file read now.
      if (hash.digest('hex') !== verified.end.sha256) throw changed();
      await place.placeAll(step);
      await step('commit');
    });
  } catch (err) {
    const left = await place.undo();
    if (left.length) {
      const why = err instanceof Error ? err.message : String(err);
      throw new Error(`restore failed (${why}) and could not put back ${left.join(', ')}: the previous ones are under ${place.aside}`);
    }
    throw err;
  }
  await place.settle();
  summary.mediaFiles = place.mediaFiles;
  summary.files = place.files;
  return summary;
}

/** One table line: the table and columns are the app's (the line's schema), the rows one bound JSON value. */
async function insertRows(tx: Db, table: string, rows: Record<string, unknown>[]): Promise<void> {
  const cols = sql.join(
    Object.keys(rows[0]).map((c) => sql.identifier(c)),
    sql`, `,
  );
  await tx
    .execute(
      sql`insert into ${sql.identifier(table)} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)`,
    )
    .catch((err: Error) => {
      // The driver's error repeats the statement and every row: the operator reads the database's reason.
      const reason = err.cause instanceof Error ? err.cause.message : err.message.split('\n')[0];
      throw new Error(`restore failed in table ${table}: ${reason}; nothing was written`);
    });
}

/** Sets each of the app's sequences the target has, every value bound: never behind the restored rows. */
async function setSequences(tx: Db, catalog: Catalog, sequences: Sequence[]): Promise<void> {
  for (const s of sequences) {
    const owner = APP_SEQUENCES.get(s.name);
    const here = catalog.sequences.find((c) => c.name === s.name);
    if (!owner || here?.table !== owner.table || here.column !== owner.column) continue;
    const max = sql`coalesce((select max(${sql.identifier(owner.column)}) from ${sql.identifier(owner.table)}), 0)`;
    await tx.execute(
      sql`select setval(${`public.${s.name}`}::text::regclass, greatest(${s.lastValue}::bigint, ${max}, 1), ${s.isCalled}::boolean or ${max} >= ${s.lastValue}::bigint)`,
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
  const counts = sql.join(
    catalog.tables.map((t) => sql`(select count(*) from ${sql.identifier(t)})`),
    sql` + `,
  );
  const n = Number(
    rowsOf<{ n: string | number }>(await db.execute(catalog.tables.length ? sql`select ${counts} as n` : sql`select 0 as n`))[0].n,
  );
  if (n > 0) throw refuse(`the database is not empty (${n} rows; use --force to replace its contents)`);
}
