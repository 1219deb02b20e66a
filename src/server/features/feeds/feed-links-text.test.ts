import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '../../../shared/rules/text';
import { playlistItems, playlists } from '../../db/schema';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { parseFeed } from './feed-kit';

// Issue 36: a control character in what a member wrote made the feeds listing it stop being XML (#36.8),
// and the feeds' and cards' links came from the Host header a client wrote (#36.9).
const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

/** A hostile client's request: it names another host, as itself and as a proxy would. */
const EVIL = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example' };

const channelOf = (xml: string) => parseFeed<{ title: string; description: string; category: string }>(xml);

describe('feeds of text written before #36.8', () => {
  let t: TestApp;
  let playlistId: number;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://mugen.example.jp' });
    apps.push(t);
    // Rows as an earlier server stored them: control characters in a display name, a playlist's title
    // and description, and a track's title, script and category. (A lone surrogate never reaches a row:
    // the database's UTF-8 holds none.)
    const member = await insertUser(t.db, { name: '語り\u0007手\u000b', customUserId: 'ctrl_maker' });
    const track = await insertTrack(t, {
      userId: member.id,
      createdBy: member.id,
      title: 'ベル\u0007の回\u001f',
      script: 'ハルカ：こんにちは\u0008。\nケンタ：どうも\u007f。',
      category: 'ニュース\u0001',
    });
    [{ id: playlistId }] = await t.db
      .insert(playlists)
      .values({ userId: member.id, name: '朝\u000bに聴く', description: '説明\u0002です', isPublic: true, publicSlug: 'ctrl-asa' })
      .returning();
    await t.db.insert(playlistItems).values({ playlistId, trackId: track.id, order: 0 });
  });

  it('#36.8 a creator’s feed stays well-formed XML: the characters XML cannot hold are dropped', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rss/users/ctrl_maker' });
    expect(res.statusCode).toBe(200);
    const { channel, items } = channelOf(res.body);
    expect(channel.title).toBe('語り手の無限ラジオ');
    expect(channel['itunes:author']).toBe('語り手');
    expect(items.map((i: { title: string }) => i.title)).toEqual(['ベルの回']);
    expect(items[0].description).toBe('こんにちは。 どうも。');
    expect(items[0].category).toBe('ニュース');
  });

  it('#36.8 another member’s public playlist feed stays well-formed XML as well', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/rss/playlists/${playlistId}` });
    expect(res.statusCode).toBe(200);
    const { channel, items } = channelOf(res.body);
    expect(channel.title).toBe('朝に聴く');
    expect(channel.description).toBe('説明です');
    expect(items).toHaveLength(1);
  });

  it('#36.8 the same texts written today are refused with the catalogue message, and none is stored', async () => {
    const member = await insertUser(t.db, { name: '書き手' });
    const cookie = await sessionCookie(t.db, { userId: member.id });
    const writes = [
      { method: 'PUT' as const, url: '/api/auth/profile', payload: { name: '名前\u0007' } },
      { method: 'PUT' as const, url: '/api/auth/profile', payload: { name: '名\u000b前' } },
      { method: 'POST' as const, url: '/api/playlists', payload: { name: 'リスト\u0007' } },
      { method: 'POST' as const, url: '/api/playlists', payload: { name: 'リスト', description: '説明\u000bです' } },
      { method: 'POST' as const, url: '/api/generate-script', payload: { inputText: '話題\u0007です', title: '題' } },
      {
        method: 'POST' as const,
        url: '/api/contact',
        payload: { name: '名', email: 'a@example.com', subject: 'other', message: 'お問い合わせ\u001bです' },
      },
    ];
    for (const w of writes) {
      const res = await t.app.inject({ ...w, headers: { cookie } });
      expect(res.statusCode, JSON.stringify(w.payload)).toBe(400);
      expect(res.json(), JSON.stringify(w.payload)).toEqual({ message: TEXT_MESSAGES.controlCharacters });
    }
    // One-line text refuses a line break and a tab; text of several lines keeps them (CR LF read as LF).
    for (const name of ['二行\nの名前', 'タブ\tの名前']) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', payload: { name }, headers: { cookie } });
      expect(res.json(), name).toEqual({ message: TEXT_MESSAGES.lineBreaks });
    }
    const kept = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      payload: { name: '改行のある説明', description: '一行目\r\n二行目\tタブ' },
      headers: { cookie },
    });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().description).toBe('一行目\n二行目\tタブ');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json().name).toBe('書き手');
  });
});

describe('absolute links come from configuration, never from a request header (#36.9)', () => {
  let t: TestApp;
  let local: TestApp;
  /** Each app's public playlist and its one track. */
  const ids = new Map<TestApp, { playlistId: number; trackId: number }>();
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://mugen.example.jp/app/' });
    local = await createTestApp({ PUBLIC_URL: '', PORT: '4321' });
    apps.push(t, local);
    for (const app of [t, local]) {
      const member = await insertUser(app.db, { name: '配信者', customUserId: 'link_maker' });
      const trackId = (await insertTrack(app, { userId: member.id, createdBy: member.id, title: 'リンクの回' })).id;
      const [{ id: playlistId }] = await app.db
        .insert(playlists)
        .values({ userId: member.id, name: '公開リスト', isPublic: true, publicSlug: 'links' })
        .returning();
      await app.db.insert(playlistItems).values({ playlistId, trackId, order: 0 });
      ids.set(app, { playlistId, trackId });
    }
  });

  /** Every absolute address of a feed: the channel's link, atom:self, artwork, and each item's link and enclosure. */
  const linksOf = (xml: string) => [...xml.matchAll(/(?:href|url)="([^"]+)"|<link>([^<]+)<\/link>/g)].map((m) => m[1] ?? m[2]);

  it('#36.9 a feed’s enclosure, link and atom:self are on PUBLIC_URL whatever host the request names', async () => {
    const { playlistId, trackId } = ids.get(t) as { playlistId: number; trackId: number };
    for (const url of ['/rss/users/link_maker', `/rss/playlists/${playlistId}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: EVIL });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.body, url).not.toContain('evil.example');
      const links = linksOf(res.body);
      expect(links.length, url).toBeGreaterThanOrEqual(5);
      for (const link of links) expect(link, url).toMatch(/^https:\/\/mugen\.example\.jp\//);
      expect(res.body).toContain(`<atom:link href="https://mugen.example.jp${url}" rel="self"`);
      expect(res.body).toContain(`url="https://mugen.example.jp/api/stream/${trackId}"`);
    }
  });

  it('#36.9 without PUBLIC_URL (development, tests) the links are on http://localhost and the configured port', async () => {
    const res = await local.app.inject({ method: 'GET', url: '/rss/users/link_maker', headers: EVIL });
    expect(res.body).not.toContain('evil.example');
    for (const link of linksOf(res.body)) expect(link).toMatch(/^http:\/\/localhost:4321\//);
  });

  it('#36.9 a playlist’s card data (og:url, og:image) is on PUBLIC_URL, or localhost and the port, whatever host the request names', async () => {
    for (const [app, origin] of [
      [t, 'https://mugen.example.jp'],
      [local, 'http://localhost:4321'],
    ] as const) {
      const { playlistId } = ids.get(app) as { playlistId: number };
      const res = await app.app.inject({ method: 'GET', url: `/api/og/link_maker/playlist/${playlistId}`, headers: EVIL });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ url: `${origin}/link_maker/playlist/${playlistId}`, imageUrl: `${origin}/icons/og-image.png` });
    }
  });
});
