import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { copyPgliteTemplate, exists } from './pglite-template';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** true when the database was created by this open (a fresh data dir). */
  fresh: boolean;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /**
   * Subscribes to a NOTIFY channel (PostgreSQL: one dedicated connection per database handle; PGlite:
   * its own listener). After a lost connection is back, the listener hears `*`, since what was sent
   * meanwhile is gone. Answers the unsubscribe function.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Sends a NOTIFY after the current statement (after commit inside a transaction). */
export async function notifyChannel(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Serialises migrations when several instances start against one PostgreSQL. */
const MIGRATION_LOCK_ID = 727_001;

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(path.join(opts.dataDir, 'db'));
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const closers = new Set<() => Promise<void>>();
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    fresh: false,
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    ping: () => pingDb(db),
    listen: (channel, onPayload) => listenPostgres(url, channel, onPayload, closers),
    async close() {
      for (const close of [...closers]) await close().catch(() => {});
      await pool.end();
    },
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A dropped
 * connection is opened again, retrying with a growing delay (1 s up to 10 s) for as long as it takes,
 * so a restart of PostgreSQL does not silence the channel. Notifications sent while the connection was
 * down are lost, so after a reconnect the listener hears `*` ("anything may have changed").
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  closers: Set<() => Promise<void>>,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  const reconnect = () => {
    if (stopped || retry) return;
    client = null;
    const delay = Math.min(10_000, 1000 * 2 ** Math.min(failures, 4));
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          failures = 0;
          onPayload('*');
        },
        () => {
          failures += 1;
          reconnect();
        },
      );
    }, delay);
    retry.unref();
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onPayload(n.payload ?? '');
    });
    c.on('error', reconnect);
    c.on('end', reconnect);
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      c.removeAllListeners('end');
      c.removeAllListeners('error');
      c.on('error', () => {});
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      c.removeAllListeners('end');
      await c.end().catch(() => {});
      return;
    }
    client = c;
  };
  await connect();
  const stop = async () => {
    stopped = true;
    clearTimeout(retry);
    closers.delete(stop);
    const c = client;
    client = null;
    c?.removeAllListeners('end');
    await c?.end().catch(() => {});
  };
  closers.add(stop);
  return stop;
}

export const PGLITE_CONF = ['shared_buffers = 32MB', 'wal_buffers = 1MB'];

async function openPglite(dir: string): Promise<Database> {
  const fresh = !(await exists(path.join(dir, 'PG_VERSION')));
  // PGlite does not create parent folders.
  await fs.mkdir(dir, { recursive: true });
  // PostgreSQL's initdb never runs here: a fresh dir is a copy of the template (pglite-template.ts).
  if (fresh) await copyPgliteTemplate(dir);
  // PostgreSQL's own buffer cache lives in the WASM memory, which never shrinks: 32 MB instead of the
  // default 128 MB keeps the embedded server's resident memory about 100 MB lower (issue 27.2); the
  // files below are read through the operating system's page cache all the same.
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, postgresqlconf: PGLITE_CONF });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    fresh,
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: () => pingDb(db),
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Runs `fn` in one transaction; the transaction handle has the same query API as the database. */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}

/** The rows of a raw `db.execute(sql…)` answer (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
