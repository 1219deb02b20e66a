import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { StorageProvider } from '../providers/storage/types';
import { type Db, rowsOf } from './client';

/**
 * A logical backup (docs/decisions/0032-backups.md): gzip'd JSON lines that restore into either
 * database, the embedded one or PostgreSQL.
 *
 *   {"format":"mugen-backup/2", "createdAt", "migrations": {count, last}}      the header
 *   {"table": "users", "rows": [...]}                                           500 rows a line, parents first
 *   {"sequences": [{"name", "lastValue", "isCalled"}]}                          every id sequence
 *   {"media": "audio/x.mp3", "size", "sha256", "data": base64}                  one media object a line
 *   {"file": "vapid.json", "sha256", "data": base64}                            DATA_DIR files the app made
 *   {"end": {"tables": {name: rows}, "sequences", "media": {files, bytes, sha256}, "files", "lines", "sha256"}}
 *
 * The tables, their order and the sequences are read from the database's catalog at each backup, so a
 * table a migration adds is in the next backup with no edit here. The end record's `sha256` is the
 * SHA-256 of every line before it (each with its newline); `media.sha256` is the SHA-256 of each
 * object's key and SHA-256 in file order. A restore checks all of it before it writes anything.
 */
export const BACKUP_FORMAT = 'mugen-backup/2';
/** Files of DATA_DIR that the app generates and a restore needs (the web push key pair). */
export const DATA_FILES = ['vapid.json'] as const;
/** Storage keys under these folders are a restore's own staging, never media. */
export const STAGING_PREFIX = '_restore-';
export const CHUNK = 500;

/** A backup refused before anything was written: its message is one line for the operator. */
export class BackupRefused extends Error {}

export interface Header {
  format: string;
  createdAt: string;
  migrations: { count: number; last: number | null };
}

export interface Sequence {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface EndRecord {
  tables: Record<string, number>;
  sequences: number;
  media: { files: number; bytes: number; sha256: string };
  files: string[];
  lines: number;
  sha256: string;
}

export interface Line {
  format?: string;
  table?: string;
  rows?: Record<string, unknown>[];
  sequences?: Sequence[];
  media?: string;
  file?: string;
  size?: number;
  sha256?: string;
  data?: string;
  end?: EndRecord;
}

export interface Catalog {
  /** Every table of the schema, each after the tables its foreign keys point to. */
  tables: string[];
  /** The columns a row is written to (generated ones left out), per table. */
  columns: Map<string, string[]>;
  primaryKeys: Map<string, string[]>;
  /** Sequences, with the column each one feeds when it has one. */
  sequences: { name: string; table: string | null; column: string | null }[];
}

export const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The tables, columns, keys and sequences of the database's `public` schema, from its catalog. */
export async function readCatalog(db: Db): Promise<Catalog> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`),
  ).map((r) => r.name);
  const fks = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace where k.contype = 'f' and n.nspname = 'public'`),
  );
  const columns = new Map<string, string[]>();
  for (const r of rowsOf<{ tbl: string; col: string }>(
    await db.execute(sql`select c.relname as tbl, a.attname as col from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`),
  ))
    columns.set(r.tbl, [...(columns.get(r.tbl) ?? []), r.col]);
  const primaryKeys = new Map<string, string[]>();
  for (const r of rowsOf<{ tbl: string; col: string }>(
    await db.execute(sql`select c.relname as tbl, a.attname as col from pg_index i join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where n.nspname = 'public' and i.indisprimary order by c.relname, array_position(i.indkey::int2[], a.attnum)`),
  ))
    primaryKeys.set(r.tbl, [...(primaryKeys.get(r.tbl) ?? []), r.col]);
  const sequences = rowsOf<{ name: string; table: string | null; column: string | null }>(
    await db.execute(sql`select s.relname as name, t.relname as "table", a.attname as "column" from pg_class s
      join pg_namespace n on n.oid = s.relnamespace
      left join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
        and d.deptype in ('a', 'i')
      left join pg_class t on t.oid = d.refobjid
      left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and n.nspname = 'public' order by s.relname`),
  );
  return { tables: parentsFirst(tables, fks), columns, primaryKeys, sequences };
}

/** Orders tables so that every table comes after the tables it references (a reference to itself aside). */
export function parentsFirst(tables: string[], fks: { child: string; parent: string }[]): string[] {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of fks) if (child !== parent) parents.get(child)?.add(parent);
  const done: string[] = [];
  const placed = new Set<string>();
  while (done.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...(parents.get(t) ?? [])].every((p) => placed.has(p) || !parents.has(p)));
    if (!ready.length) {
      const left = tables.filter((t) => !placed.has(t));
      throw new Error(`foreign keys form a cycle between ${left.join(', ')}: no order restores them`);
    }
    for (const t of ready) {
      placed.add(t);
      done.push(t);
    }
  }
  return done;
}

/** How far the database's migrations went (drizzle's own table). */
export async function databaseMigrations(db: Db): Promise<{ count: number; last: number | null }> {
  try {
    const r = rowsOf<{ count: number; last: string | null }>(
      await db.execute(sql`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`),
    )[0];
    return { count: r.count, last: r.last === null ? null : Number(r.last) };
  } catch {
    return { count: 0, last: null };
  }
}

export interface BackupOptions {
  /** Where media live (DATA_DIR/media or the bucket): every object goes into the file. */
  storage?: StorageProvider;
  /** DATA_DIR: the files of DATA_FILES found there go into the file. */
  dataDir?: string;
}

/**
 * Writes every table, every sequence, every media object and the generated DATA_DIR files, read in one
 * repeatable-read transaction (one consistent picture, even while the service runs on PostgreSQL), then
 * the end record. Written to `file.tmp` and renamed, so `file` is whole or absent. Answers the end record.
 */
export async function writeBackup(db: Db, file: string, opts: BackupOptions = {}): Promise<EndRecord> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.tmp`;
  const end = await db.transaction(
    async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const catalog = await readCatalog(tx);
      const hash = createHash('sha256');
      const mediaHash = createHash('sha256');
      const record: EndRecord = { tables: {}, sequences: 0, media: { files: 0, bytes: 0, sha256: '' }, files: [], lines: 0, sha256: '' };
      const line = (value: object) => {
        const text = `${JSON.stringify(value)}\n`;
        hash.update(text);
        record.lines += 1;
        return text;
      };
      async function* lines() {
        const header: Header = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), migrations: await databaseMigrations(tx) };
        yield line(header);
        for (const table of catalog.tables) {
          record.tables[table] = 0;
          const order = catalog.primaryKeys.get(table)?.map(q).join(', ') ?? 'x::text';
          for (let offset = 0; ; offset += CHUNK) {
            const r = await tx.execute(
              sql.raw(
                `select coalesce(json_agg(x), '[]'::json) as rows from (select * from ${q(table)} x order by ${order} limit ${CHUNK} offset ${offset}) x`,
              ),
            );
            const raw = rowsOf<{ rows: unknown[] | string }>(r)[0].rows;
            const rows = typeof raw === 'string' ? (JSON.parse(raw) as unknown[]) : raw;
            if (!rows.length) break;
            record.tables[table] += rows.length;
            yield line({ table, rows });
            if (rows.length < CHUNK) break;
          }
        }
        const sequences: Sequence[] = [];
        for (const s of catalog.sequences) {
          const v = rowsOf<{ lastValue: string; isCalled: boolean }>(
            await tx.execute(sql.raw(`select last_value::text as "lastValue", is_called as "isCalled" from ${q(s.name)}`)),
          )[0];
          sequences.push({ name: s.name, lastValue: v.lastValue, isCalled: v.isCalled });
        }
        record.sequences = sequences.length;
        yield line({ sequences });
        if (opts.storage) {
          const keys = (await opts.storage.list('')).filter((k) => !k.startsWith(STAGING_PREFIX)).sort();
          for (const key of keys) {
            const data = await readAll(await opts.storage.read(key));
            const digest = sha256(data);
            mediaHash.update(`${key}\n${digest}\n`);
            record.media.files += 1;
            record.media.bytes += data.length;
            yield line({ media: key, size: data.length, sha256: digest, data: data.toString('base64') });
          }
        }
        if (opts.dataDir) {
          for (const name of DATA_FILES) {
            const full = path.join(opts.dataDir, name);
            if (!fs.existsSync(full)) continue;
            const data = fs.readFileSync(full);
            record.files.push(name);
            yield line({ file: name, sha256: sha256(data), data: data.toString('base64') });
          }
        }
        record.media.sha256 = mediaHash.digest('hex');
        record.sha256 = hash.digest('hex');
        yield `${JSON.stringify({ end: record })}\n`;
      }
      await pipeline(Readable.from(lines()), zlib.createGzip(), fs.createWriteStream(tmp));
      return record;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  fs.renameSync(tmp, file);
  return end;
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as string));
  return Buffer.concat(parts);
}

/**
 * The lines of a backup file, each with its number. `only` names the kinds of line the caller reads
 * (by their first key, as JSON.stringify wrote it): the others are passed raw, unparsed, for the checksum.
 * A damaged gzip stream or line is refused.
 */
export async function* readLines(file: string, only?: (keyof Line)[]): AsyncGenerator<{ n: number; raw: string; line: Line | null }> {
  const input = readline.createInterface({
    input: fs.createReadStream(file).pipe(zlib.createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  const wanted = only?.map((k) => `{"${k}":`);
  let n = 0;
  try {
    for await (const raw of input) {
      n += 1;
      if (wanted && !wanted.some((w) => raw.startsWith(w))) {
        yield { n, raw, line: null };
        continue;
      }
      let line: Line;
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        throw new BackupRefused(`refused: ${file} is damaged at line ${n} (not JSON); nothing was written`);
      }
      yield { n, raw, line };
    }
  } catch (err) {
    if (err instanceof BackupRefused) throw err;
    throw new BackupRefused(
      `refused: ${file} is not a whole gzip file (${err instanceof Error ? err.message : err}, after line ${n}); nothing was written`,
    );
  }
}

export interface VerifiedBackup {
  header: Header;
  end: EndRecord;
  /** The columns each table's rows carry. */
  columns: Map<string, string[]>;
}

/**
 * Reads the whole file and checks it against its end record: the format, every table's row count, the
 * media count, size and checksum, each object's own checksum, the files, the line count and the checksum
 * of every line. Writes nothing; throws BackupRefused with a one-line message when anything differs.
 */
export async function verifyBackup(file: string): Promise<VerifiedBackup> {
  const refuse = (why: string) => new BackupRefused(`refused: ${file} ${why}; nothing was written`);
  const hash = createHash('sha256');
  const mediaHash = createHash('sha256');
  const tables: Record<string, number> = {};
  const columns = new Map<string, string[]>();
  const media = { files: 0, bytes: 0 };
  const files: string[] = [];
  let sequences = 0;
  let header: Header | undefined;
  let end: EndRecord | undefined;
  let lines = 0;
  for await (const { n, raw, line: parsed } of readLines(file)) {
    const line = parsed as Line;
    if (end) throw refuse(`has data after its end record (line ${n})`);
    if (n === 1) {
      if (line.format !== BACKUP_FORMAT) throw refuse(`is not a Mugen backup this version restores (format ${line.format ?? 'unknown'})`);
      header = line as unknown as Header;
    } else if (line.end) {
      end = line.end;
      continue;
    } else if (line.table && Array.isArray(line.rows)) {
      tables[line.table] = (tables[line.table] ?? 0) + line.rows.length;
      if (!columns.has(line.table) && line.rows[0]) columns.set(line.table, Object.keys(line.rows[0]));
    } else if (Array.isArray(line.sequences)) {
      sequences += line.sequences.length;
    } else if (typeof line.media === 'string' && typeof line.data === 'string') {
      if (line.media.startsWith(STAGING_PREFIX)) throw refuse(`holds a staging key (${line.media})`);
      const data = Buffer.from(line.data, 'base64');
      if (data.length !== line.size || sha256(data) !== line.sha256) throw refuse(`holds a damaged media file (${line.media})`);
      mediaHash.update(`${line.media}\n${line.sha256}\n`);
      media.files += 1;
      media.bytes += data.length;
    } else if (typeof line.file === 'string' && typeof line.data === 'string') {
      if (!(DATA_FILES as readonly string[]).includes(line.file)) throw refuse(`holds an unknown file (${line.file})`);
      if (sha256(Buffer.from(line.data, 'base64')) !== line.sha256) throw refuse(`holds a damaged file (${line.file})`);
      files.push(line.file);
    } else {
      throw refuse(`holds a line this version does not know (line ${n})`);
    }
    hash.update(`${raw}\n`);
    lines += 1;
  }
  if (!header) throw refuse('is empty');
  if (!end) throw refuse(`is cut short: it has no end record (${lines} lines read)`);
  for (const [table, rows] of Object.entries(end.tables)) {
    if ((tables[table] ?? 0) !== rows)
      throw refuse(`does not match its end record (${table}: ${tables[table] ?? 0} rows read, ${rows} recorded)`);
  }
  const extra = Object.keys(tables).find((t) => !(t in end.tables));
  if (extra) throw refuse(`does not match its end record (table ${extra} is not in it)`);
  if (lines !== end.lines) throw refuse(`does not match its end record (${lines} lines read, ${end.lines} recorded)`);
  if (sequences !== end.sequences) throw refuse(`does not match its end record (${sequences} sequences read, ${end.sequences} recorded)`);
  if (media.files !== end.media.files || media.bytes !== end.media.bytes)
    throw refuse(`does not match its end record (${media.files} media files read, ${end.media.files} recorded)`);
  if (mediaHash.digest('hex') !== end.media.sha256) throw refuse('does not match its end record (media checksum)');
  if (files.join(',') !== end.files.join(',')) throw refuse('does not match its end record (files)');
  if (hash.digest('hex') !== end.sha256) throw refuse('does not match its end record (checksum of its lines)');
  return { header, end, columns };
}

export const backupChecksum = (file: string) => sha256(fs.readFileSync(file));
