import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { StorageProvider } from '../providers/storage/types';
import {
  APP_SEQUENCES,
  APP_TABLES,
  BACKUP_FORMAT,
  BackupRefused,
  CHUNK,
  DATA_FILES,
  type EndRecord,
  type Header,
  MAX_LINE_BYTES,
  parseLine,
  readRawLines,
  type Sequence,
  SIGNATURE_ALG,
  STAGING_PREFIX,
  signatureMatches,
  signatureOf,
} from './backup-format';
import { type Db, rowsOf } from './client';

// A logical backup (docs/decisions/0032-backups.md): gzip'd JSON lines, their kinds in backup-format.ts,
// that restore into either database, the embedded one or PostgreSQL.
//
// The tables, their order and the sequences are read from the database's catalog at each backup, so a
// table a migration adds is in the next backup with no edit here. The end record's `sha256` is the
// SHA-256 of every line before it (each with its newline); `media.sha256` is the SHA-256 of each
// object's key and SHA-256 in file order. A restore checks all of it before it writes anything.

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
  /** BACKUP_SIGNING_KEY: a signature line (an HMAC of the end record) follows the end record. */
  signingKey?: string;
}

/** The lines of one table chunk, halved until each is within MAX_LINE_BYTES (rows with long texts). */
function tableLines(table: string, rows: unknown[]): string[] {
  const text = JSON.stringify({ table, rows });
  if (Buffer.byteLength(text) <= MAX_LINE_BYTES) return [text];
  if (rows.length === 1) throw new Error(`backup failed: a row of ${table} is longer than a backup line holds (${MAX_LINE_BYTES} bytes)`);
  const half = Math.ceil(rows.length / 2);
  return [...tableLines(table, rows.slice(0, half)), ...tableLines(table, rows.slice(half))];
}

/**
 * Writes every table, every sequence, every media object and the generated DATA_DIR files, read in one
 * repeatable-read transaction (one consistent picture, even while the service runs on PostgreSQL), then
 * the end record and, with a signing key, its signature. Written to `file.tmp` and renamed, so `file` is
 * whole or absent. Answers the end record.
 */
export async function writeBackup(db: Db, file: string, opts: BackupOptions = {}): Promise<EndRecord> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.tmp`;
  const end = await db
    .transaction(
      async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const catalog = await readCatalog(tx);
        const hash = createHash('sha256');
        const mediaHash = createHash('sha256');
        const record: EndRecord = { tables: {}, sequences: 0, media: { files: 0, bytes: 0, sha256: '' }, files: [], lines: 0, sha256: '' };
        const line = (text: string) => {
          hash.update(`${text}\n`);
          record.lines += 1;
          return `${text}\n`;
        };
        async function* lines() {
          const header: Header = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), migrations: await databaseMigrations(tx) };
          yield line(JSON.stringify(header));
          // Only the app's own tables and sequences: the ones a restore accepts.
          for (const table of catalog.tables.filter((t) => APP_TABLES.has(t))) {
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
              record.tables[table] = (record.tables[table] ?? 0) + rows.length;
              for (const text of tableLines(table, rows)) yield line(text);
              if (rows.length < CHUNK) break;
            }
          }
          const sequences: Sequence[] = [];
          for (const s of catalog.sequences.filter((c) => c.table !== null && APP_TABLES.has(c.table))) {
            // A sequence a restore would refuse (APP_SEQUENCES is derived from the schema's serial columns) fails the backup.
            if (APP_SEQUENCES.get(s.name)?.table !== s.table)
              throw new Error(`backup failed: sequence ${s.name} of ${s.table}.${s.column} is not one this version restores`);
            const v = rowsOf<{ lastValue: string; isCalled: boolean }>(
              await tx.execute(sql.raw(`select last_value::text as "lastValue", is_called as "isCalled" from ${q(s.name)}`)),
            )[0];
            sequences.push({ name: s.name, lastValue: v.lastValue, isCalled: v.isCalled });
          }
          record.sequences = sequences.length;
          yield line(JSON.stringify({ sequences }));
          if (opts.storage) {
            const keys = (await opts.storage.list('')).filter((k) => !k.startsWith(STAGING_PREFIX)).sort();
            for (const key of keys) {
              const data = await readAll(await opts.storage.read(key));
              const digest = sha256(data);
              const text = JSON.stringify({ media: key, size: data.length, sha256: digest, data: data.toString('base64') });
              // A line a restore would refuse is never written: the backup fails and says which object.
              if (text.length > MAX_LINE_BYTES)
                throw new Error(
                  `backup failed: media ${key} (${data.length} bytes) is longer base64'd than a backup line holds (${MAX_LINE_BYTES} bytes)`,
                );
              mediaHash.update(`${key}\n${digest}\n`);
              record.media.files += 1;
              record.media.bytes += data.length;
              yield line(text);
            }
          }
          if (opts.dataDir) {
            for (const name of DATA_FILES) {
              const full = path.join(opts.dataDir, name);
              if (!fs.existsSync(full)) continue;
              const data = fs.readFileSync(full);
              record.files.push(name);
              yield line(JSON.stringify({ file: name, sha256: sha256(data), data: data.toString('base64') }));
            }
          }
          record.media.sha256 = mediaHash.digest('hex');
          record.sha256 = hash.digest('hex');
          const endLine = JSON.stringify({ end: record });
          yield `${endLine}\n`;
          if (opts.signingKey)
            yield `${JSON.stringify({ signature: { alg: SIGNATURE_ALG, hmac: signatureOf(opts.signingKey, endLine) } })}\n`;
        }
        await pipeline(Readable.from(lines()), zlib.createGzip(), fs.createWriteStream(tmp));
        return record;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    .catch((err) => {
      fs.rmSync(tmp, { force: true });
      throw err;
    });
  fs.renameSync(tmp, file);
  return end;
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as string));
  return Buffer.concat(parts);
}

export interface VerifiedBackup {
  header: Header;
  end: EndRecord;
  /** The columns each table's rows carry. */
  columns: Map<string, string[]>;
  /** Each media object's key and SHA-256: a restore stages exactly these. */
  media: Map<string, string>;
  /** The file carries a signature line (checked when a signing key was given). */
  signed: boolean;
}

export interface VerifyOptions {
  /** BACKUP_SIGNING_KEY: the file must carry a signature made with it. */
  signingKey?: string;
}

const firstFormat = (raw: string): unknown => {
  try {
    return (JSON.parse(raw) as { format?: unknown } | null)?.format;
  } catch {
    return undefined;
  }
};

/**
 * Reads the whole file and checks it: each line against the strict schema of its kind, no media key,
 * file, sequence or row (by primary key) twice, and all of it against its end record (every table's row
 * count, the media count, size and checksum, each object's own checksum, the files, the line count and
 * the checksum of every line) and, with a signing key, its signature. Writes nothing; throws
 * BackupRefused with a one-line message when anything differs.
 */
export async function verifyBackup(file: string, opts: VerifyOptions = {}): Promise<VerifiedBackup> {
  const refuse = (why: string) => new BackupRefused(`refused: ${file} ${why}; nothing was written`);
  const hash = createHash('sha256');
  const mediaHash = createHash('sha256');
  const tables: Record<string, number> = {};
  const columns = new Map<string, string[]>();
  const keysSeen = new Map<string, Set<string>>();
  const media = new Map<string, string>();
  const mediaBytes = { n: 0 };
  const files: string[] = [];
  const sequenceNames = new Set<string>();
  let sequenceLines = 0;
  let header: Header | undefined;
  let end: { record: EndRecord; raw: string } | undefined;
  let signature: string | undefined;
  let lines = 0;
  for await (const { n, raw } of readRawLines(file)) {
    if (signature !== undefined) throw refuse(`has data after its signature (line ${n})`);
    if (n === 1 && raw.startsWith('{')) {
      const format = firstFormat(raw);
      if (format !== BACKUP_FORMAT) throw refuse(`is not a Mugen backup this version restores (format ${String(format ?? 'unknown')})`);
    }
    const line = parseLine(file, n, raw);
    if (end) {
      if (line.kind !== 'signature') throw refuse(`has data after its end record (line ${n})`);
      signature = line.signature.hmac;
      continue;
    }
    if ((n === 1) !== (line.kind === 'format'))
      throw refuse(n === 1 ? 'does not begin with its header' : `holds a second header (line ${n})`);
    if (line.kind === 'format') header = line;
    else if (line.kind === 'end') {
      end = { record: line.end, raw };
      continue;
    } else if (line.kind === 'signature') throw refuse(`holds a signature before its end record (line ${n})`);
    else if (line.kind === 'table') {
      tables[line.table] = (tables[line.table] ?? 0) + line.rows.length;
      const primaryKey = APP_TABLES.get(line.table)?.primaryKey ?? [];
      const seen = keysSeen.get(line.table) ?? new Set<string>();
      keysSeen.set(line.table, seen);
      for (const row of line.rows) {
        const cols = Object.keys(row).sort();
        const known = columns.get(line.table);
        if (!known) columns.set(line.table, cols);
        else if (known.join(',') !== cols.join(',')) throw refuse(`holds rows of ${line.table} with different columns (line ${n})`);
        const key = JSON.stringify(primaryKey.map((c) => row[c]));
        if (seen.has(key)) throw refuse(`holds the row ${line.table} ${key} twice (line ${n})`);
        seen.add(key);
      }
    } else if (line.kind === 'sequences') {
      if (++sequenceLines > 1) throw refuse(`holds a second sequences line (line ${n})`);
      for (const s of line.sequences) {
        if (sequenceNames.has(s.name)) throw refuse(`holds the sequence ${s.name} twice (line ${n})`);
        sequenceNames.add(s.name);
      }
    } else if (line.kind === 'media') {
      if (media.has(line.media)) throw refuse(`holds the media file ${line.media} twice (line ${n})`);
      const data = Buffer.from(line.data, 'base64');
      if (data.length !== line.size || sha256(data) !== line.sha256) throw refuse(`holds a damaged media file (${line.media})`);
      mediaHash.update(`${line.media}\n${line.sha256}\n`);
      media.set(line.media, line.sha256);
      mediaBytes.n += data.length;
    } else {
      if (files.includes(line.file)) throw refuse(`holds the file ${line.file} twice (line ${n})`);
      if (sha256(Buffer.from(line.data, 'base64')) !== line.sha256) throw refuse(`holds a damaged file (${line.file})`);
      files.push(line.file);
    }
    hash.update(`${raw}\n`);
    lines += 1;
  }
  if (!header) throw refuse('is empty');
  if (!end) throw refuse(`is cut short: it has no end record (${lines} lines read)`);
  if (opts.signingKey) {
    if (signature === undefined) throw refuse('is not signed, and BACKUP_SIGNING_KEY is set (a backup made without the key)');
    if (!signatureMatches(opts.signingKey, end.raw, signature))
      throw refuse('does not match its signature (changed since it was made, or signed with another BACKUP_SIGNING_KEY)');
  }
  const record = end.record;
  for (const [table, rows] of Object.entries(record.tables)) {
    if ((tables[table] ?? 0) !== rows)
      throw refuse(`does not match its end record (${table}: ${tables[table] ?? 0} rows read, ${rows} recorded)`);
  }
  const extra = Object.keys(tables).find((t) => !(t in record.tables));
  if (extra) throw refuse(`does not match its end record (table ${extra} is not in it)`);
  if (lines !== record.lines) throw refuse(`does not match its end record (${lines} lines read, ${record.lines} recorded)`);
  if (sequenceNames.size !== record.sequences)
    throw refuse(`does not match its end record (${sequenceNames.size} sequences read, ${record.sequences} recorded)`);
  if (media.size !== record.media.files || mediaBytes.n !== record.media.bytes)
    throw refuse(`does not match its end record (${media.size} media files read, ${record.media.files} recorded)`);
  if (mediaHash.digest('hex') !== record.media.sha256) throw refuse('does not match its end record (media checksum)');
  if (files.join(',') !== record.files.join(',')) throw refuse('does not match its end record (files)');
  if (hash.digest('hex') !== record.sha256) throw refuse('does not match its end record (checksum of its lines)');
  return { header, end: record, columns, media, signed: signature !== undefined };
}

export const backupChecksum = (file: string) => sha256(fs.readFileSync(file));
