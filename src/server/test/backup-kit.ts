import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { writeBackup } from '../db/backup';
import { rowsOf } from '../db/client';
import * as schema from '../db/schema';
import { PREVIEW_FOLDER } from '../features/creation/previews';
import { hqAudioKey } from '../features/tracks/queries';
import type { StorageProvider } from '../providers/storage/types';
import { createTestApp, devLogin, insertInvitation, insertTrack, insertUser, sessionCookie, type TestApp } from './app';

// What the backup tests share (issue 30): the tables the schema declares, the state of an app (rows,
// sequences, media, web push keys), data of every kind, and a source app with its backup.

/** Every table the drizzle schema declares, by name. */
export const declared = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
export const schemaTables = declared.map((t) => getTableName(t));

/** The tables the round trip fills (the 25 of the schema when issue 30 was closed). */
export const FILLED = [
  'users',
  'sessions',
  'consent_sessions',
  'invitations',
  'tracks',
  'likes',
  'follows',
  'playlists',
  'playlist_items',
  'playlist_follows',
  'notifications',
  'listening_history',
  'categories',
  'app_meta',
  'auth_flows',
  'push_subscriptions',
  'creation_usage',
  'creation_previews',
  'tasks',
  'premium_subscriptions',
  'demo_payment_intents',
  'premium_payments',
  'stripe_events',
  'themes',
  'contact_messages',
];

/** Each test makes fresh databases and restores whole backups, on a machine other suites share. */
export const SLOW = 120_000;

export async function tableRows(t: TestApp, table: string) {
  const r = await t.db.execute(sql`select coalesce(json_agg(x order by x::text), '[]'::json) as rows from ${sql.identifier(table)} x`);
  const rows = rowsOf<{ rows: unknown }>(r)[0].rows;
  return (typeof rows === 'string' ? JSON.parse(rows) : rows) as unknown[];
}

export async function snapshot(t: TestApp) {
  const out: Record<string, unknown[]> = {};
  for (const table of schemaTables) out[table] = await tableRows(t, table);
  return out;
}

export async function sequences(t: TestApp) {
  const names = rowsOf<{ name: string }>(
    await t.db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname = 'public' order by 1`),
  ).map((r) => r.name);
  const out: Record<string, string> = {};
  for (const name of names) {
    const [v] = rowsOf<{ v: string }>(await t.db.execute(sql.raw(`select last_value::text || '/' || is_called::text as v from "${name}"`)));
    out[name] = v.v;
  }
  return out;
}

/** Every media object of a store, key → bytes. */
export async function media(storage: StorageProvider) {
  const out: Record<string, string> = {};
  for (const key of (await storage.list('')).sort()) {
    const parts: Buffer[] = [];
    for await (const p of await storage.read(key)) parts.push(p as Buffer);
    out[key] = Buffer.concat(parts).toString('base64');
  }
  return out;
}

export const vapidFile = (t: TestApp) => path.join(t.config.dataDir, 'vapid.json');
export const opts = (t: TestApp) => ({ storage: t.storage, dataDir: t.config.dataDir });

/** Data of every kind, made through the API where a member or the operator makes it. */
export async function fillEveryKind(t: TestApp) {
  const inv = await insertInvitation(t.db, { maxUses: 3 });
  const { cookie, user } = await devLogin(t.app, { email: 'keep@example.com', name: '残す人', invitationCode: inv.code });
  const owner = await insertUser(t.db, { name: '投稿者', customUserId: 'poster_b', picture: '🎧' });
  const ownerCookie = await sessionCookie(t.db, { userId: owner.id });
  const tr = await insertTrack(
    t,
    { title: 'バックアップの音声', userId: owner.id, createdBy: owner.id, script: '台本' },
    randomBytes(30_000),
  );
  await t.storage.put(hqAudioKey(tr.filename), randomBytes(50_000));
  await t.db.update(schema.tracks).set({ hqFilename: tr.filename }).where(sql`id = ${tr.id}`);
  const call = (method: 'POST' | 'PUT', url: string, who: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who }, ...(payload ? { payload } : {}) });
  expect((await call('POST', `/api/likes/${tr.id}`, cookie)).statusCode).toBe(200);
  expect((await call('POST', `/api/users/${owner.id}/follow`, cookie)).statusCode).toBe(200);
  const pl = (await call('POST', '/api/playlists', ownerCookie, { name: '保存用', category: ['科学', '歴史'] })).json();
  await call('POST', `/api/playlists/${pl.id}/tracks`, ownerCookie, { trackId: tr.id });
  await call('POST', `/api/playlists/${pl.id}/follow`, cookie);
  await call('POST', '/api/listening-history', cookie, { trackId: tr.id, duration: 12.5, progressPercent: 40, completed: false });
  // Premium through the demo checkout: subscription, payment intent, payment.
  const started = (await call('POST', '/api/create-payment-intent', cookie, { email: 'keep@example.com', name: 'デモ 花子' })).json();
  const confirmed = (await call('POST', '/api/demo-checkout/confirm', cookie, { clientSecret: started.clientSecret })).json();
  expect((await call('POST', '/api/user/upgrade-premium', cookie, { paymentIntentId: confirmed.paymentIntentId })).statusCode).toBe(200);
  const subscription = (await t.app.inject({ method: 'GET', url: '/api/premium/subscription', headers: { cookie } })).json();
  expect(subscription.status).toBe('active');
  // What the rest of the product writes, as its services store it.
  await t.db.insert(schema.consentSessions).values({ id: 'consent-1', userId: user.id, cookieConsent: true, analyticsConsent: false });
  await t.db.insert(schema.authFlows).values({ state: 'state-1', codeVerifier: 'v', nonce: 'n', redirect: '/mugen' });
  await t.db.insert(schema.categories).values({ name: '科学', usageCount: 1 });
  await t.db.insert(schema.appMeta).values({ key: 'backup-test', value: '1' });
  await t.db
    .insert(schema.pushSubscriptions)
    .values({ userId: user.id, endpoint: 'https://fcm.googleapis.com/fcm/send/abc', p256dh: 'p', auth: 'a' });
  await t.db.insert(schema.notifications).values({ userId: owner.id, type: 'like', actorUserId: user.id, trackId: tr.id });
  await t.db.insert(schema.creationUsage).values({ userId: user.id, day: '2026-11-27', count: 3 });
  const previewName = `p-${randomBytes(4).toString('hex')}.mp3`;
  await t.storage.put(`${PREVIEW_FOLDER}/${previewName}`, randomBytes(20_000));
  await t.db.insert(schema.creationPreviews).values({
    filename: previewName,
    userId: user.id,
    title: '下書き',
    script: 'ハルカ: こんにちは',
    duration: 3.5,
    speakingRate: 1.1,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  const [theme] = await t.db.insert(schema.themes).values({ title: '星空', content: '星の話', status: 'approved' }).returning();
  await t.db.insert(schema.tasks).values({
    kind: 'publish',
    payload: { previewFilename: previewName },
    status: 'completed',
    progress: 100,
    result: { trackId: tr.id },
    userId: user.id,
    themeId: theme.id,
  });
  await t.db.insert(schema.stripeEvents).values({ id: 'evt_1', type: 'invoice.paid' });
  await t.db
    .insert(schema.contactMessages)
    .values({ name: '問合せ', email: 'q@example.com', subject: 'other', message: 'よろしく', userId: user.id });
  return { cookie, subscription };
}

export async function expectUntouched(t: TestApp, before: { rows: unknown; media: unknown; vapid: string }) {
  expect(await snapshot(t)).toEqual(before.rows);
  expect(await media(t.storage)).toEqual(before.media);
  expect(await fs.readFile(vapidFile(t), 'utf8')).toBe(before.vapid);
}

/** Every file under DATA_DIR but the embedded database's own (compared by rows), path → SHA-256. */
export async function dataDirFiles(t: TestApp) {
  const out: Record<string, string> = {};
  for (const entry of await fs.readdir(t.config.dataDir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const rel = path.relative(t.config.dataDir, full);
    if (rel === 'db' || rel.startsWith(`db${path.sep}`)) continue;
    out[rel] = entry.isFile()
      ? createHash('sha256')
          .update(await fs.readFile(full))
          .digest('hex')
      : entry.isDirectory()
        ? 'dir'
        : 'other';
  }
  return out;
}

export const stateOf = async (t: TestApp) => ({
  rows: await snapshot(t),
  media: await media(t.storage),
  vapid: await fs.readFile(vapidFile(t), 'utf8'),
});

/** The source app filled with every kind of data and its backup, which a file's backup tests share; made in beforeAll. */
export function backupSuite() {
  let source: TestApp | undefined;
  let dir = '';
  let file = '';
  let payer: { cookie: string; subscription: unknown } | undefined;
  const apps: TestApp[] = [];

  async function fresh(env: Record<string, string> = {}) {
    const t = await createTestApp(env);
    apps.push(t);
    return t;
  }

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-backup-'));
    file = path.join(dir, 'b.jsonl.gz');
    source = await fresh();
    payer = await fillEveryKind(source);
    await writeBackup(source.db, file, opts(source));
  }, SLOW);
  afterAll(async () => {
    for (const t of apps) await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** A copy of the backup with its lines changed by `edit`, gzip'd again. */
  async function edited(name: string, edit: (lines: string[]) => string[]) {
    const lines = zlib
      .gunzipSync(await fs.readFile(file))
      .toString('utf8')
      .split('\n')
      .filter(Boolean);
    const out = path.join(dir, name);
    await fs.writeFile(out, zlib.gzipSync(`${edit(lines).join('\n')}\n`));
    return out;
  }

  /**
   * A copy of the backup with its lines (header to files, as objects) changed by `edit`, and the end
   * record recomputed to match, as someone who can write the file would; its signature line, if any,
   * is kept as it was when `keepSignature`.
   */
  async function forged(
    name: string,
    edit: (lines: Record<string, unknown>[]) => Record<string, unknown>[],
    from = file,
    keepSignature = false,
  ) {
    const all = zlib
      .gunzipSync(await fs.readFile(from))
      .toString('utf8')
      .split('\n')
      .filter(Boolean);
    const signature = all.find((l) => l.startsWith('{"signature":'));
    const texts = edit(all.filter((l) => !l.startsWith('{"end":') && !l.startsWith('{"signature":')).map((l) => JSON.parse(l))).map((l) =>
      JSON.stringify(l),
    );
    const end = {
      tables: {} as Record<string, number>,
      sequences: 0,
      media: { files: 0, bytes: 0, sha256: '' },
      files: [] as string[],
      lines: 0,
      sha256: '',
    };
    const mediaHash = createHash('sha256');
    for (const text of texts) {
      const v = JSON.parse(text);
      if (Array.isArray(v.rows)) end.tables[v.table] = (end.tables[v.table] ?? 0) + v.rows.length;
      if (Array.isArray(v.sequences)) end.sequences += v.sequences.length;
      if (typeof v.media === 'string') {
        end.media.files += 1;
        end.media.bytes += v.size;
        mediaHash.update(`${v.media}\n${v.sha256}\n`);
      }
      if (typeof v.file === 'string') end.files.push(v.file);
    }
    end.media.sha256 = mediaHash.digest('hex');
    end.lines = texts.length;
    end.sha256 = createHash('sha256')
      .update(texts.map((t) => `${t}\n`).join(''))
      .digest('hex');
    const out = path.join(dir, name);
    const tail = keepSignature && signature ? [signature] : [];
    await fs.writeFile(out, zlib.gzipSync(`${[...texts, JSON.stringify({ end }), ...tail].join('\n')}\n`));
    return out;
  }

  return {
    get source() {
      if (!source) throw new Error('backupSuite: the source opens in beforeAll');
      return source;
    },
    get dir() {
      return dir;
    },
    get file() {
      return file;
    },
    get payer() {
      if (!payer) throw new Error('backupSuite: the source is filled in beforeAll');
      return payer;
    },
    fresh,
    edited,
    forged,
  };
}
