import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, devLogin, insertInvitation, insertTrack, insertUser, type TestApp } from '../test/app';
import { BACKUP_TABLES, restoreBackup, writeBackup } from './backup';
import { rowsOf } from './client';
import { tracks } from './schema';

let source: TestApp;
let target: TestApp;
let dir: string;

async function snapshot(t: TestApp) {
  const out: Record<string, unknown> = {};
  for (const table of BACKUP_TABLES) {
    const r = await t.db.execute(sql`select coalesce(json_agg(x order by x::text), '[]'::json) as rows from ${sql.identifier(table)} x`);
    out[table] = rowsOf<{ rows: unknown }>(r)[0].rows;
  }
  return out;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-backup-'));
  source = await createTestApp();
  target = await createTestApp();
  const inv = await insertInvitation(source.db, { maxUses: 3 });
  const { cookie } = await devLogin(source.app, { email: 'keep@example.com', name: '残す人', invitationCode: inv.code });
  const owner = await insertUser(source.db, { name: '投稿者', customUserId: 'poster_b', picture: '🎧' });
  const tr = await insertTrack(
    source,
    { title: 'バックアップの音声', userId: owner.id, createdBy: owner.id, script: '台本' },
    Buffer.from('ID3 audio bytes'),
  );
  await source.app.inject({ method: 'POST', url: `/api/likes/${tr.id}`, headers: { cookie } });
  await source.app.inject({ method: 'POST', url: `/api/users/${owner.id}/follow`, headers: { cookie } });
  const pl = (
    await source.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { cookie },
      payload: { name: '保存用', category: ['科学', '歴史'] },
    })
  ).json();
  await source.app.inject({ method: 'POST', url: `/api/playlists/${pl.id}/tracks`, headers: { cookie }, payload: { trackId: tr.id } });
  await source.app.inject({
    method: 'POST',
    url: '/api/listening-history',
    headers: { cookie },
    payload: { trackId: tr.id, duration: 12.5, progressPercent: 40, completed: false },
  });
});
afterAll(async () => {
  await source.close();
  await target.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('round-trips every table and the media files, and ids continue after the restored rows', async () => {
    const file = path.join(dir, 'b.jsonl.gz');
    const counts = await writeBackup(source.db, file, { mediaDir: path.join(source.config.dataDir, 'media') });
    expect(counts.users).toBe(2);
    expect(counts.likes).toBe(1);
    const restored = await restoreBackup(target.db, file, { mediaDir: path.join(target.config.dataDir, 'media') });
    expect(restored.mediaFiles).toBe(1);
    expect(await snapshot(target)).toEqual(await snapshot(source));
    const [tr] = await target.db.select().from(tracks);
    expect((await target.storage.stat(`audio/${tr.filename}`))?.size).toBe(Buffer.from('ID3 audio bytes').length);
    const added = await insertTrack(target, { title: '復元後の音声' });
    expect(added.id).toBeGreaterThan(tr.id);
    // The restored member signs in again with their data.
    const again = await devLogin(target.app, { email: 'keep@example.com' });
    expect(again.user.name).toBe('残す人');
    expect((await target.app.inject({ method: 'GET', url: '/api/user/favorites', headers: { cookie: again.cookie } })).json()).toHaveLength(
      1,
    );
  });

  it('refuses to restore over data unless forced, and then replaces it', async () => {
    const file = path.join(dir, 'b.jsonl.gz');
    await expect(restoreBackup(target.db, file)).rejects.toThrow(/not empty/);
    await restoreBackup(target.db, file, { force: true });
    expect((await snapshot(target)).tracks).toEqual((await snapshot(source)).tracks);
  });

  it('refuses a file that is not a Mugen backup', async () => {
    const bad = path.join(dir, 'bad.gz');
    const zlib = await import('node:zlib');
    await fs.writeFile(bad, zlib.gzipSync('{"format":"other"}\n'));
    await expect(restoreBackup(target.db, bad, { force: true })).rejects.toThrow(/not a Mugen backup/);
  });
});
