import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, rowsOf } from '../../db/client';
import { invitations, sessions, users } from '../../db/schema';
import { withCard } from '../../features/share-cards/service';
import { audioKey } from '../../features/tracks/stream';
import { hashToken } from '../../http/session';
import { isSafeKey, keyIn } from '../../providers/storage/keys';
import { createS3Storage } from '../../providers/storage/s3';
import { createTestApp, devLogin, insertInvitation, insertTrack, insertUser, sessionCookie, type TestApp } from '../app';

// Issue 13: the holes found from outside, one describe per class (those of requests, #13.9 on, are in
// holes-requests.test.ts). Each test fails without its fix.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const png = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

function upload(data: Buffer, cookie: string) {
  const boundary = '----mugen-security';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/profile-image',
    payload,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
const putProfile = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: { cookie }, payload });

describe('#13.1 a member deletes only an upload the server issued to them', () => {
  it('refuses a picture that names a storage path, a foreign URL, script or text; accepts nothing, an emoji or unchanged', async () => {
    const me = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: me.id });
    const track = await insertTrack(t);
    for (const picture of [
      `/uploads/profile/../../audio/${track.filename}`,
      '/uploads/profile/..%2F..%2Faudio%2Fx.mp3',
      'javascript:alert(1)',
      'https://tracker.example/pixel.png',
      '//tracker.example/pixel.png',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'abc',
      '🎧🎧🎧',
      '<>',
      '+',
      '©',
      '∞',
      'a',
    ]) {
      const res = await putProfile(cookie, { picture });
      expect(res.statusCode, picture).toBe(400);
      expect(res.json().message).toMatch(/プロフィール画像|アップロードした画像/);
    }
    for (const picture of ['🎧', '👍🏽', '🇯🇵', '1️⃣', '👨‍👩‍👧', '👩‍💻', '🐱🐶', '', null]) {
      const res = await putProfile(cookie, { picture });
      expect(res.statusCode, String(picture)).toBe(200);
    }
    const [row] = await t.db.select({ picture: users.picture }).from(users).where(eq(users.id, me.id));
    expect(row.picture).toBeNull();
  });

  it("refuses another member's upload as my picture", async () => {
    const other = await insertUser(t.db);
    const otherCookie = await sessionCookie(t.db, { userId: other.id });
    const theirs = (await upload(await png(), otherCookie)).json().imageUrl as string;
    const me = await insertUser(t.db);
    const res = await putProfile(await sessionCookie(t.db, { userId: me.id }), { picture: theirs });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('アップロードした画像のみ設定できます');
    expect((await t.storage.stat(theirs.slice(1)))?.size).toBeGreaterThan(0);
  });

  it('never deletes a track, or another member picture, recorded as "the old picture"', async () => {
    const track = await insertTrack(t);
    const victim = await insertUser(t.db);
    const victimPicture = (await upload(await png(), await sessionCookie(t.db, { userId: victim.id }))).json().imageUrl as string;
    for (const planted of [`/uploads/profile/../../audio/${track.filename}`, victimPicture]) {
      // As a row written before the fix would hold it.
      const attacker = await insertUser(t.db, { picture: planted });
      const res = await upload(await png(), await sessionCookie(t.db, { userId: attacker.id }));
      expect(res.statusCode).toBe(200);
    }
    expect(await t.storage.stat(audioKey(track.filename))).toMatchObject({ size: 10_000 });
    expect((await t.app.inject({ method: 'GET', url: `/api/stream/${track.id}` })).statusCode).toBe(200);
    expect((await t.storage.stat(victimPicture.slice(1)))?.size).toBeGreaterThan(0);
  });

  it("drops the member's own previous upload when it is replaced or changed to an emoji", async () => {
    const me = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: me.id });
    const first = (await upload(await png(), cookie)).json().imageUrl as string;
    const second = (await upload(await png(), cookie)).json().imageUrl as string;
    expect(await t.storage.stat(first.slice(1))).toBeNull();
    expect((await putProfile(cookie, { picture: second, name: '同じ画像' })).statusCode).toBe(200);
    expect((await t.storage.stat(second.slice(1)))?.size).toBeGreaterThan(0);
    expect((await putProfile(cookie, { picture: '🎧' })).statusCode).toBe(200);
    expect(await t.storage.stat(second.slice(1))).toBeNull();
  });

  it('keeps every storage key in its folder, on local disk and in a bucket alike', async () => {
    for (const bad of ['uploads/profile/../../audio/a.mp3', '../x', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', 'a/\u0000', 'a/%2e%2e/b', '']) {
      expect(isSafeKey(bad), bad).toBe(false);
      await expect(t.storage.delete(bad), bad).rejects.toThrow(/unsafe storage key/);
    }
    expect(() => keyIn('audio', '../db/x')).toThrow();
    expect(() => keyIn('audio', '..')).toThrow();
    expect(keyIn('audio', 'demo-01.mp3')).toBe('audio/demo-01.mp3');
    // The S3 provider refuses before any request is made (no server is listening here).
    const s3 = createS3Storage({ bucket: 'b', endpoint: 'http://127.0.0.1:9', region: 'us-east-1', forcePathStyle: true });
    await expect(s3.delete('uploads/profile/../../audio/a.mp3')).rejects.toThrow(/unsafe storage key/);
  });
});

describe('#13.1 no image of another host (a tracking pixel) is stored or loaded', () => {
  it('the Content-Security-Policy loads images from this site only', async () => {
    for (const url of ['/', '/api/tracks']) {
      const csp = String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(/(?:^|;)\s*img-src ([^;]*)/.exec(csp)?.[1], url).toBe("'self' data: blob:");
    }
  });

  it('a data migration drops every stored picture that is not nothing, an emoji or the member own upload', async () => {
    const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const entry = journal.entries.find((e) => e.tag.endsWith('_own_pictures'));
    expect(entry?.tag).toMatch(/^\d{4}_own_pictures$/);
    // The template every test database is copied from ran every migration of the journal, this one included.
    const applied = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    expect(applied[0].n).toBe(journal.entries.length);

    const own = randomUUID();
    const kept: Record<string, string | null> = {
      emoji: '🎧',
      skin: '👍🏽',
      family: '👨‍👩‍👧🇯🇵',
      keycap: '1️⃣',
      official: '∞',
      upload: `/uploads/profile/${own}-0123456789ab.webp`,
      empty: '',
      none: null,
    };
    const other = randomUUID();
    const dropped: Record<string, string> = {
      google: 'https://lh3.googleusercontent.com/a/photo=s96-c',
      http: 'http://tracker.example/pixel.png',
      protocolRelative: '//tracker.example/pixel.png',
      script: 'javascript:alert(1)',
      traversal: '/uploads/profile/../../audio/a.mp3',
      othersUpload: `/uploads/profile/${other}-0123456789ab.webp`,
      otherPath: '/icons/icon-192.png',
      text: 'abc',
      markup: '<>',
    };
    const ids: Record<string, string> = {};
    for (const [label, picture] of [...Object.entries(kept), ...Object.entries(dropped)]) {
      ids[label] = (await insertUser(t.db, { id: label === 'upload' ? own : randomUUID(), picture })).id;
    }
    const file = await fs.readFile(path.join(MIGRATIONS_DIR, `${entry?.tag}.sql`), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    const pictureOf = async (id: string) => (await t.db.select({ p: users.picture }).from(users).where(eq(users.id, id)))[0].p;
    for (const [label, picture] of Object.entries(kept)) expect(await pictureOf(ids[label]), label).toBe(picture);
    for (const label of Object.keys(dropped)) expect(await pictureOf(ids[label]), label).toBeNull();
  });
});

describe('#13.4 text PostgreSQL cannot store is refused with 400 at the edge', () => {
  it('in path parameters, queries and body fields', async () => {
    const cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
    const cases: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }[] = [
      { method: 'GET', url: '/api/users/a%00b' },
      { method: 'GET', url: '/api/users/a%00b/tracks' },
      { method: 'GET', url: '/api/tracks/category/%00' },
      { method: 'GET', url: '/api/playlists/public/x%00' },
      { method: 'GET', url: '/api/follows/followers/%00' },
      { method: 'GET', url: '/api/categories/search?q=%00' },
      { method: 'GET', url: '/api/search?q=a&category=%00' },
      { method: 'PUT', url: '/api/auth/profile', payload: { name: 'a\u0000b' } },
      { method: 'POST', url: '/api/playlists', payload: { name: 'x\u0000' } },
      { method: 'POST', url: '/api/categories', payload: { name: '\u0000' } },
      { method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: 'https://fcm.googleapis.com/\u0000' } },
      { method: 'POST', url: '/api/playlists', payload: { 'na\u0000me': 'x' } },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ ...c, headers: { cookie } });
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json().message).toBe('入力内容に使用できない文字が含まれています');
    }
  });
});

describe('#13.5 a deleted member leaves no working invitation code', () => {
  it('deactivates their unused codes with the account', async () => {
    const code = (await insertInvitation(t.db)).code;
    const inviter = await devLogin(t.app, { email: `inviter-${Date.now()}@example.com`, invitationCode: code });
    expect(inviter.res.statusCode).toBe(200);
    const theirs = await t.db.select().from(invitations).where(eq(invitations.createdBy, inviter.user.id));
    expect(theirs.length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: { cookie: inviter.cookie } })).statusCode).toBe(200);
    for (const inv of theirs) {
      const [row] = await t.db.select().from(invitations).where(eq(invitations.id, inv.id));
      expect(row.isActive).toBe(false);
      const res = await devLogin(t.app, { email: `late-${inv.id}@example.com`, invitationCode: inv.code });
      expect(res.res.statusCode).toBe(403);
      expect(res.res.json().reason).toBe('invalid_invitation');
    }
  });
});

describe('#13.7 page metadata cannot copy the page into itself', () => {
  it("inserts titles holding $` $' $& $$ literally, escaped", () => {
    const html = '<html><head><title>x</title><script>secret()</script></head><body></body></html>';
    const out = withCard(
      html,
      { title: "a$`b$'c$&d$$e", description: '<x>"', url: 'https://m.example/p/$`', type: 'website', image: 'https://m.example/i.png' },
      'https://m.example',
    );
    expect(out.match(/secret\(\)/g)).toHaveLength(1);
    expect(out).toContain('<title>a$&#96;b$&#39;c$&#38;d$$e</title>');
    expect(out).toContain('content="&#60;x&#62;&#34;"');
  });

  it('serves a track page titled with $` whose head appears once', async () => {
    const webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-web-'));
    await fs.writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><title>無限</title><script>window.boot = 1;</script></head><body><div id="root"></div></body></html>',
    );
    const web = await createTestApp({}, { webDir });
    try {
      const track = await insertTrack(web, { title: "前$`後$'終$&" });
      const res = await web.app.inject({ method: 'GET', url: `/track/${track.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.body.match(/window\.boot/g)).toHaveLength(1);
      expect(res.body.match(/<\/head>/g)).toHaveLength(1);
      expect(res.body).toContain('<title>前$&#96;後$&#39;終$&#38; | 無限 Mugen</title>');
    } finally {
      await web.close();
      await fs.rm(webDir, { recursive: true, force: true });
    }
  });
});

describe('#13.8 logout cannot be triggered from another site', () => {
  it('a GET without same-origin fetch metadata ends nothing; a foreign-origin POST is refused; a same-origin POST ends the session', async () => {
    const me = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: me.id });
    const token = cookie.split('=')[1];
    const alive = async () =>
      (
        await t.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token)))
      ).length === 1;
    for (const site of [undefined, 'cross-site', 'same-site']) {
      const get = await t.app.inject({
        method: 'GET',
        url: '/api/auth/logout',
        headers: { cookie, ...(site ? { 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' } : {}) },
      });
      expect(get.statusCode, String(site)).toBe(405);
      expect(get.headers.allow).toBe('POST');
      expect(await alive()).toBe(true);
    }
    const foreign = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    const noOrigin = await t.rawInject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(noOrigin.statusCode).toBe(403);
    expect(await alive()).toBe(true);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(ok.statusCode).toBe(200);
    expect(await alive()).toBe(false);
  });
});
