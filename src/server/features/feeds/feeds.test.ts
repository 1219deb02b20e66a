import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlistItems, playlists } from '../../db/schema';
import { createTestApp, insertTrack, insertUser, type TestApp } from '../../test/app';
import { parseFeed } from './feed-kit';

let t: TestApp;
let creator: { id: string };
const ids: Record<string, number> = {};
let publicList: number;
let privateList: number;

const SCRIPT = [
  'ハルカ：こんにちは、ハルカです。今日は銭湯の話です。',
  'ケンタ：ケンタです。銭湯は減っているそうですね。',
  'ハルカ：一九六八年ごろの約一万八千軒がピークでした。',
  'ケンタ：四行目は説明に入りません。',
].join('\n');

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://radio.example' });
  creator = await insertUser(t.db, { name: '語り手', customUserId: 'feed_maker' });
  const mine = { userId: creator.id, createdBy: creator.id };
  ids.old = (
    await insertTrack(t, { ...mine, title: '古い回', script: SCRIPT, duration: 185.4, uploadedAt: new Date('2026-01-02T03:04:05Z') })
  ).id;
  ids.new = (await insertTrack(t, { ...mine, title: '新しい回 & <特集>', duration: 240, uploadedAt: new Date('2026-02-03T04:05:06Z') })).id;
  ids.hidden = (await insertTrack(t, { ...mine, title: '非公開の回', isVisible: false })).id;
  ids.premium = (await insertTrack(t, { ...mine, title: 'プレミアム限定の回', isPremiumOnly: true })).id;
  ids.other = (await insertTrack(t, { title: 'ほかの人の回', createdBy: 'mugen' })).id;
  [{ id: publicList }] = await t.db
    .insert(playlists)
    .values({ userId: creator.id, name: '朝に聴く', description: '朝の支度のおともに', isPublic: true, publicSlug: 'feed-asa' })
    .returning();
  [{ id: privateList }] = await t.db
    .insert(playlists)
    .values({ userId: creator.id, name: 'ひみつ', isPublic: false, publicSlug: 'feed-himitsu' })
    .returning();
  await t.db
    .insert(playlistItems)
    .values([ids.other, ids.hidden, ids.old, ids.premium].map((trackId, order) => ({ playlistId: publicList, trackId, order })));
});
afterAll(() => t.close());

/** The feed's links are on PUBLIC_URL (radio.example), the host the request names or not (#36.9). */
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: 'radio.example', ...headers } });

interface FeedItem {
  title: string;
  description: string;
  pubDate: string;
  guid: { '#text': string; '@isPermaLink': string };
  enclosure: Record<string, string>;
  'itunes:duration': string;
}

const parse = (xml: string) => parseFeed<FeedItem>(xml);

/** What Apple Podcasts and Spotify refuse a feed without (their published requirements). */
function expectDirectoryFields(rss: Record<string, unknown>, channel: Record<string, unknown>, items: FeedItem[]) {
  expect(rss['@version']).toBe('2.0');
  expect(rss['@xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
  for (const field of ['title', 'description', 'link', 'language', 'itunes:author', 'itunes:explicit']) {
    expect(typeof channel[field], field).toBe('string');
    expect((channel[field] as string).length, field).toBeGreaterThan(0);
  }
  expect(channel.language).toBe('ja');
  expect((channel['itunes:image'] as Record<string, string>)['@href']).toBe('http://radio.example/icons/podcast-1400.png');
  expect((channel['itunes:category'] as Record<string, string>)['@text']).toBe('Society & Culture');
  for (const item of items) {
    const enclosure = item.enclosure;
    expect(enclosure['@type']).toBe('audio/mpeg');
    expect(Number(enclosure['@length'])).toBeGreaterThan(0);
    expect(enclosure['@url']).toMatch(/^http:\/\/radio\.example\/api\/stream\/\d+$/);
    expect(item.guid['@isPermaLink']).toBe('false');
    expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    expect(item['itunes:duration']).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  }
}

describe('podcast feed of a creator (#28.3)', () => {
  it('#28.3 lists the public tracks newest first with the directories’ required fields; hidden and premium-only never', async () => {
    const res = await get('/rss/users/feed_maker');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const { rss, channel, items } = parse(res.body);
    expectDirectoryFields(rss, channel, items);
    expect(channel.title).toBe('語り手の無限ラジオ');
    expect(channel['itunes:author']).toBe('語り手');
    expect(channel.link).toBe('http://radio.example/feed_maker');
    expect(items.map((i) => i.title)).toEqual(['新しい回 & <特集>', '古い回']);
    const old = items[1];
    expect(old.guid['#text']).toBe(`mugen-track-${ids.old}`);
    expect(old.enclosure['@url']).toBe(`http://radio.example/api/stream/${ids.old}`);
    expect(old['itunes:duration']).toBe('00:03:05');
    expect(new Date(old.pubDate).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    // The first three lines of the script, without the hosts' names.
    expect(old.description).toBe(
      'こんにちは、ハルカです。今日は銭湯の話です。 ケンタです。銭湯は減っているそうですね。 一九六八年ごろの約一万八千軒がピークでした。',
    );
    // A track without a script is described by its title.
    expect(items[0].description).toBe('新しい回 & <特集>');
  });

  it('#28.3 answers by internal id as well, and 404 ユーザーが見つかりません for nobody', async () => {
    expect(parse((await get(`/rss/users/${creator.id}`)).body).items).toHaveLength(2);
    const res = await get('/rss/users/no_such_member');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'ユーザーが見つかりません' });
  });

  it('#28.3 ETag and 304: an unchanged feed keeps its ETag; a new episode changes it', async () => {
    const first = await get('/rss/users/feed_maker');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect((await get('/rss/users/feed_maker')).headers.etag).toBe(etag);
    const again = await get('/rss/users/feed_maker', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const id = (await insertTrack(t, { userId: creator.id, createdBy: creator.id, title: '三回目' })).id;
    const changed = await get('/rss/users/feed_maker', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(parse(changed.body).items[0].guid['#text']).toBe(`mugen-track-${id}`);
  });

  it('#28.3 a podcast app fetches the enclosure without a session', async () => {
    const { items } = parse((await get('/rss/users/feed_maker')).body);
    const url = new URL(items[items.length - 1].enclosure['@url']);
    const audio = await get(url.pathname, { range: 'bytes=0-99' });
    expect(audio.statusCode).toBe(206);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.rawPayload.length).toBe(100);
  });
});

describe('podcast feed of a playlist (#28.3)', () => {
  it('#28.3 a public playlist lists its public tracks in the playlist’s order', async () => {
    const res = await get(`/rss/playlists/${publicList}`);
    expect(res.statusCode).toBe(200);
    const { rss, channel, items } = parse(res.body);
    expectDirectoryFields(rss, channel, items);
    expect(channel.title).toBe('朝に聴く');
    expect(channel.description).toBe('朝の支度のおともに');
    expect(channel['itunes:author']).toBe('語り手');
    expect(channel.link).toBe(`http://radio.example/feed_maker/playlist/${publicList}`);
    expect(items.map((i) => i.guid['#text'])).toEqual([`mugen-track-${ids.other}`, `mugen-track-${ids.old}`]);
  });

  it('#28.3 a private or missing playlist is 404 プレイリストが見つかりません; a bad id is 400', async () => {
    for (const url of [`/rss/playlists/${privateList}`, '/rss/playlists/999999']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'プレイリストが見つかりません' });
    }
    expect((await get('/rss/playlists/abc')).statusCode).toBe(400);
  });
});
