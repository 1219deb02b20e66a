import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from './client';

/**
 * Tables in an order where every row's references come before it. A backup is logical (JSON rows),
 * so it restores into either database: the embedded one or PostgreSQL.
 */
export const BACKUP_TABLES = [
  'users',
  'invitations',
  'tracks',
  'sessions',
  'consent_sessions',
  'auth_flows',
  'likes',
  'follows',
  'playlists',
  'playlist_items',
  'playlist_follows',
  'notifications',
  'listening_history',
  'categories',
  'push_subscriptions',
  'app_meta',
] as const;

/** Tables whose integer ids come from a sequence, moved past the restored rows. */
const SERIAL_TABLES = BACKUP_TABLES.filter((t) => !['users', 'consent_sessions', 'auth_flows', 'app_meta'].includes(t));

const FORMAT = 'mugen-backup/1';
const CHUNK = 500;

interface Line {
  format?: string;
  createdAt?: string;
  table?: string;
  rows?: unknown[];
  media?: string;
  data?: string;
}

async function primaryKey(db: Db, table: string): Promise<string> {
  const r =
    await db.execute(sql`select a.attname as col from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${table}::regclass and i.indisprimary limit 1`);
  return rowsOf<{ col: string }>(r)[0].col;
}

/** Writes every table (and local media files) as gzip'd JSON lines. Returns row counts per table. */
export async function writeBackup(db: Db, file: string, opts: { mediaDir?: string } = {}): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const lines: string[] = [JSON.stringify({ format: FORMAT, createdAt: new Date().toISOString() })];
  for (const table of BACKUP_TABLES) {
    const pk = await primaryKey(db, table);
    counts[table] = 0;
    for (let offset = 0; ; offset += CHUNK) {
      const r = await db.execute(
        sql`select coalesce(json_agg(t), '[]'::json) as rows from (select * from ${sql.identifier(table)} order by ${sql.identifier(pk)} limit ${CHUNK} offset ${offset}) t`,
      );
      const rows = rowsOf<{ rows: unknown[] | string }>(r)[0].rows;
      const parsed = typeof rows === 'string' ? (JSON.parse(rows) as unknown[]) : rows;
      if (!parsed.length) break;
      counts[table] += parsed.length;
      lines.push(JSON.stringify({ table, rows: parsed }));
      if (parsed.length < CHUNK) break;
    }
  }
  if (opts.mediaDir && fs.existsSync(opts.mediaDir)) {
    for (const rel of fs.readdirSync(opts.mediaDir, { recursive: true }).map(String)) {
      const full = path.join(opts.mediaDir, rel);
      if (fs.statSync(full).isFile() && !rel.endsWith('.tmp'))
        lines.push(JSON.stringify({ media: rel.split(path.sep).join('/'), data: fs.readFileSync(full).toString('base64') }));
    }
  }
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.tmp`;
  await pipeline(
    (async function* () {
      for (const l of lines) yield `${l}\n`;
    })(),
    zlib.createGzip(),
    fs.createWriteStream(tmp),
  );
  fs.renameSync(tmp, file);
  return counts;
}

/**
 * Restores a backup into a migrated, empty database (refused when it already holds members or tracks,
 * unless `force`, which empties it first), in one transaction, then moves every id sequence past the
 * restored rows. Media files are written back under `mediaDir`.
 */
export async function restoreBackup(
  db: Db,
  file: string,
  opts: { mediaDir?: string; force?: boolean } = {},
): Promise<Record<string, number>> {
  const input = readline.createInterface({
    input: fs.createReadStream(file).pipe(zlib.createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  const counts: Record<string, number> = {};
  const chunks: { table: string; rows: unknown[] }[] = [];
  const media: { rel: string; data: Buffer }[] = [];
  let header: Line | undefined;
  for await (const raw of input) {
    if (!raw.trim()) continue;
    const line = JSON.parse(raw) as Line;
    if (!header) {
      header = line;
      if (line.format !== FORMAT) throw new Error(`not a Mugen backup (format ${line.format ?? 'unknown'})`);
      continue;
    }
    if (line.table && Array.isArray(line.rows)) {
      if (!(BACKUP_TABLES as readonly string[]).includes(line.table)) throw new Error(`unknown table in backup: ${line.table}`);
      chunks.push({ table: line.table, rows: line.rows });
    } else if (line.media && line.data) {
      if (line.media.includes('..') || path.isAbsolute(line.media)) throw new Error(`unsafe media path in backup: ${line.media}`);
      media.push({ rel: line.media, data: Buffer.from(line.data, 'base64') });
    }
  }
  if (!header) throw new Error('empty backup file');

  await db.transaction(async (tx) => {
    const existing = await tx.execute(sql`select (select count(*) from users)::int + (select count(*) from tracks)::int as n`);
    if (rowsOf<{ n: number }>(existing)[0].n > 0) {
      if (!opts.force) throw new Error('the database is not empty (use --force to replace its contents)');
      await tx.execute(sql.raw(`truncate ${BACKUP_TABLES.map((t) => `"${t}"`).join(', ')} restart identity cascade`));
    }
    for (const { table, rows } of chunks) {
      await tx.execute(
        sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)`,
      );
      counts[table] = (counts[table] ?? 0) + rows.length;
    }
    for (const table of SERIAL_TABLES) {
      await tx.execute(
        sql.raw(`select setval(pg_get_serial_sequence('"${table}"', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`),
      );
    }
  });
  if (opts.mediaDir) {
    for (const m of media) {
      const full = path.join(opts.mediaDir, m.rel);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, m.data);
    }
  }
  counts.mediaFiles = media.length;
  return counts;
}

export const backupChecksum = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
