import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { isSafeKey } from '../providers/storage/keys';
import * as schema from './schema';

/**
 * The lines of a backup file (docs/decisions/0032-backups.md) and the one way they are read: every
 * line is parsed with a strict schema of its kind, whose table and column names are the drizzle
 * schema's own and whose sequence values are typed, so nothing a file says reaches SQL but as a bound
 * value or a name from this list (issue 36).
 *
 *   {"format":"mugen-backup/2", "createdAt", "migrations": {count, last}}      the header
 *   {"table": "users", "rows": [...]}                                           up to 500 rows a line, parents first
 *   {"sequences": [{"name", "lastValue", "isCalled"}]}                          every id sequence
 *   {"media": "audio/x.mp3", "size", "sha256", "data": base64}                  one media object a line
 *   {"file": "vapid.json", "sha256", "data": base64}                            DATA_DIR files the app made
 *   {"end": {"tables": {name: rows}, "sequences", "media": {files, bytes, sha256}, "files", "lines", "sha256"}}
 *   {"signature": {"alg": "hmac-sha256", "hmac"}}                               with BACKUP_SIGNING_KEY only
 */
export const BACKUP_FORMAT = 'mugen-backup/2';
/** Files of DATA_DIR that the app generates and a restore needs (the web push key pair). */
export const DATA_FILES = ['vapid.json'] as const;
/** Storage keys under these folders are a restore's own staging, never media. */
export const STAGING_PREFIX = '_restore-';
export const CHUNK = 500;
/**
 * The longest line a backup holds, in bytes, bounded while the gzip stream is read (a small file can
 * inflate to any size). The longest legitimate line is a media object base64'd: the largest upload
 * (ADMIN_UPLOAD_MAX_BYTES, 50 MiB) is 66.7 MiB of base64. A backup refuses to write a longer line.
 */
export const MAX_LINE_BYTES = 96 * 1024 * 1024;
export const SIGNATURE_ALG = 'hmac-sha256';

/** A backup refused before anything was written: its message is one line for the operator. */
export class BackupRefused extends Error {}

const declared = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

/** The app's own tables: their columns, primary key and serial sequences, from the drizzle schema. */
export const APP_TABLES: ReadonlyMap<string, { columns: string[]; primaryKey: string[]; sequences: Map<string, string> }> = new Map(
  declared.map((table) => {
    const config = getTableConfig(table);
    const primaryKey = [
      ...config.columns.filter((c) => c.primary).map((c) => c.name),
      ...(config.primaryKeys[0]?.columns.map((c) => c.name) ?? []),
    ];
    const serials = config.columns.filter((c) => /^Pg(Small|Big)?Serial/.test(c.columnType));
    const name = getTableName(table);
    return [
      name,
      { columns: config.columns.map((c) => c.name), primaryKey, sequences: new Map(serials.map((c) => [`${name}_${c.name}_seq`, c.name])) },
    ];
  }),
);
/** Each sequence the app's tables own, with the table and column it feeds. */
export const APP_SEQUENCES: ReadonlyMap<string, { table: string; column: string }> = new Map(
  [...APP_TABLES].flatMap(([table, t]) => [...t.sequences].map(([seq, column]) => [seq, { table, column }] as const)),
);

const tableNames = [...APP_TABLES.keys()] as [string, ...string[]];
const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const INT8_MIN = -(2n ** 63n);
const INT8_MAX = 2n ** 63n - 1n;

/** Each table's columns as a set: a row is checked key by key (a zod object per row costs 5 times the JSON parse). */
const columnSets = new Map([...APP_TABLES].map(([table, t]) => [table, new Set(t.columns)]));

const HeaderLine = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  migrations: z.strictObject({ count, last: z.number().int().nullable() }),
});
const TableLine = z
  .strictObject({
    table: z.enum(tableNames, { error: 'not a table of this app' }),
    rows: z.array(z.custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'not a row')),
  })
  .superRefine((line, ctx) => {
    const columns = columnSets.get(line.table) ?? new Set<string>();
    const primaryKey = APP_TABLES.get(line.table)?.primaryKey ?? [];
    const first = line.rows[0] ? Object.keys(line.rows[0]).sort().join(',') : '';
    for (const [i, row] of line.rows.entries()) {
      const keys = Object.keys(row);
      const unknown = keys.find((k) => !columns.has(k));
      const message = unknown
        ? `Unrecognized key: "${unknown}"`
        : primaryKey.some((c) => row[c] === undefined || row[c] === null)
          ? 'no primary key'
          : keys.sort().join(',') !== first
            ? 'its columns differ from the first row’s'
            : null;
      if (message) {
        ctx.addIssue({ code: 'custom', path: ['rows', i], message });
        return;
      }
    }
  });
const SequencesLine = z.strictObject({
  sequences: z.array(
    z.strictObject({
      name: z.enum([...APP_SEQUENCES.keys()] as [string, ...string[]], { error: 'not a sequence of this app' }),
      lastValue: z.string().refine((v) => /^-?\d{1,19}$/.test(v) && BigInt(v) >= INT8_MIN && BigInt(v) <= INT8_MAX, 'not a bigint'),
      isCalled: z.boolean(),
    }),
  ),
});
const MediaLine = z.strictObject({
  media: z
    .string()
    .refine(isSafeKey, 'not a storage key')
    .refine((k) => !k.startsWith(STAGING_PREFIX), 'a staging key'),
  size: count,
  sha256: hex64,
  data: z.string(),
});
const FileLine = z.strictObject({ file: z.enum(DATA_FILES), sha256: hex64, data: z.string() });
const EndLine = z.strictObject({
  end: z.strictObject({
    tables: z.partialRecord(z.enum(tableNames, { error: 'not a table of this app' }), count),
    sequences: count,
    media: z.strictObject({ files: count, bytes: count, sha256: hex64 }),
    files: z.array(z.enum(DATA_FILES)),
    lines: count,
    sha256: hex64,
  }),
});
const SignatureLine = z.strictObject({ signature: z.strictObject({ alg: z.literal(SIGNATURE_ALG), hmac: hex64 }) });

/** Each kind of line, by the key that names it: a line carries exactly one of them. */
const KINDS = {
  format: HeaderLine,
  table: TableLine,
  sequences: SequencesLine,
  media: MediaLine,
  file: FileLine,
  end: EndLine,
  signature: SignatureLine,
} as const;
export type Kind = keyof typeof KINDS;
export type Line = { [K in Kind]: { kind: K } & z.infer<(typeof KINDS)[K]> }[Kind];
export type Header = z.infer<typeof HeaderLine>;
export type EndRecord = z.infer<typeof EndLine>['end'];
export type Sequence = z.infer<typeof SequencesLine>['sequences'][number];

/** Parses one line strictly: JSON, one kind, that kind's schema. Throws BackupRefused naming the line. */
export function parseLine(file: string, n: number, raw: string): Line {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new BackupRefused(`refused: ${file} is damaged at line ${n} (not JSON); nothing was written`);
  }
  const unknownLine = new BackupRefused(`refused: ${file} holds a line this version does not know (line ${n}); nothing was written`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw unknownLine;
  const kinds = (Object.keys(KINDS) as Kind[]).filter((k) => Object.hasOwn(value, k));
  if (kinds.length !== 1) throw unknownLine;
  const kind = kinds[0];
  // One form per kind, as the backup writes it: the restore picks its lines by this prefix.
  if (!raw.startsWith(`{"${kind}":`)) throw unknownLine;
  const parsed = KINDS[kind].safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.join('.') || kind;
    throw new BackupRefused(`refused: ${file} holds an invalid ${kind} line (line ${n}, ${where}: ${issue.message}); nothing was written`);
  }
  return { kind, ...parsed.data } as Line;
}

/**
 * The raw lines of a backup file, each with its number, at most MAX_LINE_BYTES each (counted as the
 * gzip stream inflates, before any line is held whole). A damaged gzip stream or a longer line is refused.
 */
export async function* readRawLines(file: string): AsyncGenerator<{ n: number; raw: string }> {
  const gunzip = zlib.createGunzip();
  const done = pipeline(fs.createReadStream(file), gunzip).catch(() => {});
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let n = 0;
  const tooLong = () =>
    new BackupRefused(`refused: ${file} holds a line longer than ${MAX_LINE_BYTES} bytes (line ${n + 1}); nothing was written`);
  const take = (piece: Buffer) => {
    if (pendingBytes + piece.length > MAX_LINE_BYTES) throw tooLong();
    pending.push(piece);
    pendingBytes += piece.length;
  };
  const whole = () => {
    const raw = Buffer.concat(pending, pendingBytes).toString('utf8');
    pending = [];
    pendingBytes = 0;
    n += 1;
    return { n, raw };
  };
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let start = 0;
      for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
        take(chunk.subarray(start, nl));
        start = nl + 1;
        yield whole();
      }
      take(chunk.subarray(start));
    }
  } catch (err) {
    if (err instanceof BackupRefused) throw err;
    throw new BackupRefused(
      `refused: ${file} is not a whole gzip file (${err instanceof Error ? err.message : err}, after line ${n}); nothing was written`,
    );
  } finally {
    gunzip.destroy();
    await done;
  }
  if (pendingBytes > 0) yield whole();
}

/** The signature of a backup: an HMAC of its end record's line, which holds the SHA-256 of every line before it. */
export const signatureOf = (key: string, endLine: string) => createHmac('sha256', key).update(endLine).digest('hex');

export function signatureMatches(key: string, endLine: string, hmac: string): boolean {
  const want = Buffer.from(signatureOf(key, endLine), 'hex');
  const got = Buffer.from(hmac, 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}
