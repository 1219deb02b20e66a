import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { invitations, tracks, users } from '../db/schema';
import { createSession } from '../features/auth/session';
import { trackChanged } from '../features/tracks/changes';
import { audioKey } from '../features/tracks/stream';
import { ADMIN_COOKIE, SESSION_COOKIE } from '../http/session';
import { createStorage } from '../providers/storage/index';
import type { StorageProvider } from '../providers/storage/types';
import { testJapanese } from './japanese';
import { pgliteTemplateDir, pgTemplateName, TEST_ROOT, testDatabaseUrl, testDbKind, withDatabase } from './template';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  storage: StorageProvider;
  config: Config;
  /** app.inject exactly as given: no Origin header is added (for tests of the Origin check itself). */
  rawInject: FastifyInstance['inject'];
  close(): Promise<void>;
}

/** The origin of app.inject's default host, which a browser page of the app would send. */
export const TEST_ORIGIN = 'http://localhost';

/**
 * app.inject as a browser page of the site would call it: every call carries this site's Origin,
 * unless the test gives its own Origin or Referer.
 */
function withBrowserOrigin(app: FastifyInstance): FastifyInstance['inject'] {
  const raw = app.inject.bind(app) as (opts?: unknown) => unknown;
  const patched = (opts?: unknown) => {
    if (!opts || typeof opts !== 'object') return raw(opts);
    const o = opts as { headers?: Record<string, unknown> };
    const headers = { ...(o.headers ?? {}) };
    const named = Object.keys(headers).map((k) => k.toLowerCase());
    if (!named.includes('origin') && !named.includes('referer')) headers.origin = TEST_ORIGIN;
    return raw({ ...o, headers });
  };
  const rawInject = raw as FastifyInstance['inject'];
  (app as { inject: unknown }).inject = patched;
  return rawInject;
}

/** A fresh app on a fresh database copied from the migrated template (PGlite, or PostgreSQL in CI). */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
  build: Omit<BuildOptions, 'database' | 'storage'> = {},
): Promise<TestApp> {
  const dataDir = path.join(TEST_ROOT, 'run', `${process.pid}-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(dataDir, { recursive: true });
  let dropDb: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (testDbKind() === 'postgres') {
    const name = `mugen_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    await admin.query(`create database ${name} template ${pgTemplateName()}`);
    await admin.end();
    databaseUrl = withDatabase(testDatabaseUrl(), name);
    dropDb = async () => {
      const c = new pg.Client({ connectionString: testDatabaseUrl() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    await fs.cp(path.join(pgliteTemplateDir(), 'db'), path.join(dataDir, 'db'), { recursive: true });
  }
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUSH_POLL_MS: '0',
      RATE_LIMIT_SCALE: '0',
      // A real contact, as production requires (#29.7).
      VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    { webDir: undefined, ...overrides },
  );
  const database = await openDatabase(config);
  const storage = createStorage(config);
  const app = await buildApp(config, { japanese: testJapanese(), ...build, database, storage });
  await app.ready();
  const rawInject = withBrowserOrigin(app);
  return {
    app,
    rawInject,
    database,
    db: database.db,
    storage,
    config,
    async close() {
      await app.close();
      await database.close();
      await dropDb?.();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function insertUser(db: Database['db'], fields: Partial<typeof users.$inferInsert> = {}) {
  const id = fields.id ?? randomUUID();
  const [row] = await db
    .insert(users)
    .values({ id, name: `テストユーザー${id.slice(0, 4)}`, email: `${id}@example.com`, ...fields })
    .returning();
  return row;
}

/** A track with `bytes` of stored audio (content is arbitrary unless given). */
export async function insertTrack(
  t: Pick<TestApp, 'db' | 'storage'>,
  fields: Partial<typeof tracks.$inferInsert> = {},
  audio: Buffer = randomBytes(10_000),
) {
  const filename = fields.filename ?? `t-${randomBytes(6).toString('hex')}.mp3`;
  await t.storage.put(audioKey(filename), audio);
  const [row] = await t.db
    .insert(tracks)
    .values({ title: 'テスト音声', duration: 180, createdBy: 'mugen', fileSize: audio.length, ...fields, filename })
    .returning();
  await trackChanged(t.db, null); // as publishing does: the catalogue shows it at once
  return row;
}

/** A cookie header for a signed-in session of `userId` (or an admin session). */
/**
 * A cookie header of a live session: a member's (userId), an operator's (isAdmin: the admin console's
 * own cookie), or both at once (a member who is also signed in to the console).
 */
export async function sessionCookie(db: Database['db'], opts: { userId?: string; isAdmin?: boolean }): Promise<string> {
  const parts: string[] = [];
  if (opts.userId || !opts.isAdmin) {
    const { token } = await createSession(db, { userId: opts.userId, ttlDays: 1 });
    parts.push(`${SESSION_COOKIE}=${token}`);
  }
  if (opts.isAdmin) {
    const { token } = await createSession(db, { isAdmin: true, ttlDays: 1 });
    parts.push(`${ADMIN_COOKIE}=${token}`);
  }
  return parts.join('; ');
}

/** Signs in through POST /api/auth/dev-login and returns the cookie header and the user. */
export async function devLogin(app: FastifyInstance, body: { email: string; name?: string; invitationCode?: string }) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: body });
  const setCookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  return { res, cookie: setCookie ? `${SESSION_COOKIE}=${setCookie.value}` : '', user: res.statusCode === 200 ? res.json().user : null };
}

/** An invitation code for tests (operator-made: no creator). */
export async function insertInvitation(db: Database['db'], fields: Partial<typeof invitations.$inferInsert> = {}) {
  const [row] = await db
    .insert(invitations)
    .values({ code: `T${randomBytes(5).toString('hex').toUpperCase()}`, maxUses: 1, ...fields })
    .returning();
  return row;
}
