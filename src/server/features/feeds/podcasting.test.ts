import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlistItems, playlists } from '../../db/schema';
import { createTestApp, insertTrack, insertUser, type TestApp } from '../../test/app';
import { parseFeed } from './feed-kit';
import { PODCAST_GUID_NAMESPACE, podcastGuid, uuidV5 } from './podcast-guid';

// Issue 40.4: the feeds as Podcasting 2.0 apps read them (the Podcast Index namespace, podcastindex.org/namespace/1.0):
// podcast:guid, podcast:transcript with its files, podcast:person; no empty itunes:email.

const NAMESPACE = 'https://podcastindex.org/namespace/1.0';
const CREATOR_ID = 'feed-maker-0001';
/** The namespace's guid of radio.example/rss/users/feed-maker-0001 (Python's uuid.uuid5, the namespace's UUID). */
const CREATOR_GUID = 'bf13ee27-0652-52fa-bcf3-96ccdad2bad5';
const TIMINGS = [
  { speaker: 'ハルカ', text: 'こんにちは、ハルカです。', startMs: 0, endMs: 2400 },
  { speaker: 'ケンタ', text: '<b>ケンタ</b>です & どうも。', startMs: 2400, endMs: 65_432.4 },
];

const apps: TestApp[] = [];
let t: TestApp;
const ids: Record<string, number> = {};
let listId: number;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://radio.example' });
  apps.push(t);
  const creator = await insertUser(t.db, { id: CREATOR_ID, name: '語り手', customUserId: 'pod_maker' });
  const other = await insertUser(t.db, { name: '別の語り手' });
  const mine = { userId: creator.id, createdBy: creator.id };
  const at = (d: string) => new Date(`2026-03-0${d}T00:00:00Z`);
  ids.synced = (await insertTrack(t, { ...mine, title: '同期した回', transcript: TIMINGS, uploadedAt: at('3') })).id;
  ids.scriptOnly = (await insertTrack(t, { ...mine, title: '台本だけの回', script: 'ハルカ：どうも。', uploadedAt: at('2') })).id;
  ids.premium = (await insertTrack(t, { ...mine, title: '限定の回', transcript: TIMINGS, isPremiumOnly: true })).id;
  ids.hidden = (await insertTrack(t, { ...mine, title: '非公開の回', transcript: TIMINGS, isVisible: false })).id;
  ids.others = (await insertTrack(t, { userId: other.id, createdBy: other.id, title: '別の人の回' })).id;
  ids.official = (await insertTrack(t, { title: '公式の回', createdBy: 'mugen' })).id;
  [{ id: listId }] = await t.db
    .insert(playlists)
    .values({ userId: creator.id, name: '聴き比べ', isPublic: true, publicSlug: 'pod-kikikurabe' })
    .returning();
  await t.db
    .insert(playlistItems)
    .values([ids.others, ids.synced, ids.official].map((trackId, order) => ({ playlistId: listId, trackId, order })));
});
afterAll(async () => {
  for (const a of apps) await a.close();
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers: { host: 'radio.example', ...headers } });

type Node = Record<string, unknown>;
const many = (v: unknown): Node[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]) as Node[];

const parse = (xml: string) => parseFeed<Node>(xml);

/** The namespace's documents (docs/tags/guid.md, transcript.md, person.md) as checks on what a feed holds. */
function expectNamespaceRules(rss: Node, channel: Node, items: Node[]) {
  expect(rss['@xmlns:podcast']).toBe(NAMESPACE);
  // guid: one per channel, a UUIDv5 (36 characters, four hyphens, version 5, RFC variant).
  expect(typeof channel['podcast:guid']).toBe('string');
  expect(channel['podcast:guid']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  for (const item of items) {
    expect(item['podcast:guid']).toBeUndefined();
    // transcript: url and type required; type one of the documented mime types.
    for (const tr of many(item['podcast:transcript'])) {
      expect(tr['@url']).toMatch(/^http:\/\/radio\.example\//);
      expect(['text/vtt', 'application/json']).toContain(tr['@type']);
    }
  }
  // person: a name that is not blank and at most 128 characters; a role of the taxonomy.
  for (const p of [...many(channel['podcast:person']), ...items.flatMap((i) => many(i['podcast:person']))]) {
    expect((p['#text'] as string).trim().length).toBeGreaterThan(0);
    expect((p['#text'] as string).length).toBeLessThanOrEqual(128);
    expect(p['@role']).toBe('host');
  }
}

const titled = (items: Node[], title: string) => items.find((i) => i.title === title) as Node;

describe('podcast:guid (#40.4)', () => {
  it('#40.4 UUIDv5 by node:crypto matches RFC 9562’s example and the namespace’s own examples', () => {
    // RFC 9562 Appendix A.4: www.example.com in the DNS namespace.
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
    expect(PODCAST_GUID_NAMESPACE).toBe('ead4c236-bf58-58c6-a2c6-a6b28d128cb6');
    // docs/tags/guid.md's examples; the scheme and the trailing slashes are taken off first.
    expect(podcastGuid('https://mp3s.nashownotes.com/pc20rss.xml')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(podcastGuid('http://podnews.net/rss//')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
    expect(podcastGuid('podnews.net/rss')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
  });

  it('#40.4 a creator’s feed carries the guid of its address by internal id, whichever address it was read at', async () => {
    for (const url of ['/rss/users/pod_maker', `/rss/users/${CREATOR_ID}`]) {
      const { rss, channel, items } = parse((await get(t, url)).body);
      expectNamespaceRules(rss, channel, items);
      expect(channel['podcast:guid']).toBe(CREATOR_GUID);
    }
  });

  it('#40.4 a playlist’s feed carries the guid of its address', async () => {
    const { channel } = parse((await get(t, `/rss/playlists/${listId}`)).body);
    expect(channel['podcast:guid']).toBe(podcastGuid(`radio.example/rss/playlists/${listId}`));
  });
});

describe('podcast:person and itunes:owner (#40.4)', () => {
  it('#40.4 the creator is the show’s host with their page; the owner names no empty e-mail', async () => {
    const { channel, items } = parse((await get(t, '/rss/users/pod_maker')).body);
    expect(channel['podcast:person']).toEqual({ '#text': '語り手', '@role': 'host', '@href': 'http://radio.example/pod_maker' });
    // The episodes are the channel's host's: none restates it.
    expect(items.map((i) => i['podcast:person'])).toEqual([undefined, undefined]);
    expect(channel['itunes:owner']).toEqual({ 'itunes:name': '語り手' });
  });

  it('#40.4 a playlist’s episodes each name their own creator, where the track has one', async () => {
    const { rss, channel, items } = parse((await get(t, `/rss/playlists/${listId}`)).body);
    expectNamespaceRules(rss, channel, items);
    expect(channel['podcast:person']).toBeUndefined();
    expect(items.map((i) => i.title)).toEqual(['別の人の回', '同期した回', '公式の回']);
    const other = titled(items, '別の人の回')['podcast:person'] as Node;
    expect(other['#text']).toBe('別の語り手');
    expect(other['@href']).toMatch(/^http:\/\/radio\.example\/[0-9a-f-]{36}$/);
    expect(titled(items, '同期した回')['podcast:person']).toEqual({
      '#text': '語り手',
      '@role': 'host',
      '@href': 'http://radio.example/pod_maker',
    });
    expect(titled(items, '公式の回')['podcast:person']).toBeUndefined();
  });

  it('#40.4 with the operator’s contact address configured, itunes:email is that address', async () => {
    const withContact = await createTestApp({
      PUBLIC_URL: 'http://radio.example',
      SMTP_URL: 'smtp://mail.invalid:25',
      CONTACT_TO: 'ops@radio.example',
    });
    apps.push(withContact);
    await insertUser(withContact.db, { name: '連絡先のある人', customUserId: 'contact_maker' });
    const { channel } = parse((await get(withContact, '/rss/users/contact_maker')).body);
    expect(channel['itunes:owner']).toEqual({ 'itunes:name': '連絡先のある人', 'itunes:email': 'ops@radio.example' });
  });
});

describe('podcast:transcript and its files (#40.4)', () => {
  it('#40.4 an episode with a synced transcript links its WebVTT and JSON in Japanese; one without timings links none', async () => {
    const { items } = parse((await get(t, '/rss/users/pod_maker')).body);
    expect(items.map((i) => i.title)).toEqual(['同期した回', '台本だけの回']);
    expect(titled(items, '同期した回')['podcast:transcript']).toEqual([
      { '@url': `http://radio.example/rss/tracks/${ids.synced}/transcript.vtt`, '@type': 'text/vtt', '@language': 'ja' },
      { '@url': `http://radio.example/rss/tracks/${ids.synced}/transcript.json`, '@type': 'application/json', '@language': 'ja' },
    ]);
    expect(titled(items, '台本だけの回')['podcast:transcript']).toBeUndefined();
  });

  it('#40.4 a podcast app fetches the WebVTT without a session: a cue a line, the speaker in a voice span', async () => {
    const res = await get(t, `/rss/tracks/${ids.synced}/transcript.vtt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toBe(
      [
        'WEBVTT',
        '',
        '00:00:00.000 --> 00:00:02.400',
        '<v ハルカ>こんにちは、ハルカです。',
        '',
        '00:00:02.400 --> 00:01:05.432',
        '<v ケンタ>&lt;b&gt;ケンタ&lt;/b&gt;です &amp; どうも。',
        '',
      ].join('\n'),
    );
    const again = await get(t, `/rss/tracks/${ids.synced}/transcript.vtt`, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('#40.4 … and the namespace’s JSON: version 1.0.0, a segment a line in seconds', async () => {
    const res = await get(t, `/rss/tracks/${ids.synced}/transcript.json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({
      version: '1.0.0',
      segments: [
        { speaker: 'ハルカ', startTime: 0, endTime: 2.4, body: 'こんにちは、ハルカです。' },
        { speaker: 'ケンタ', startTime: 2.4, endTime: 65.432, body: '<b>ケンタ</b>です & どうも。' },
      ],
    });
  });

  it('#40.4 not served for a premium-only track (403), a hidden one or one without timings (404)', async () => {
    for (const format of ['vtt', 'json']) {
      const premium = await get(t, `/rss/tracks/${ids.premium}/transcript.${format}`);
      expect(premium.statusCode).toBe(403);
      expect(premium.json()).toEqual({ message: 'この番組はプレミアム会員限定です', reason: 'premium_only' });
      expect(premium.headers['cache-control']).toBe('private, no-store');
      const hidden = await get(t, `/rss/tracks/${ids.hidden}/transcript.${format}`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ message: '音声が見つかりません' });
      const untimed = await get(t, `/rss/tracks/${ids.scriptOnly}/transcript.${format}`);
      expect(untimed.statusCode).toBe(404);
      expect(untimed.json()).toEqual({ message: 'この音声には時刻つきの文字起こしがありません' });
    }
    expect((await get(t, '/rss/tracks/999999/transcript.vtt')).statusCode).toBe(404);
  });
});
