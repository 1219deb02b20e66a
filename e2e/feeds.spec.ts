import { request as playwrightRequest } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import { podcastGuid } from '../src/server/features/feeds/podcast-guid';
import { expect, test } from './helpers/fixtures';
import { apiAs, DEMO_EMAIL, demoTracks } from './helpers/social';

interface FeedItem {
  title: string;
  guid: { '#text': string };
  enclosure: { '@url': string; '@type': string; '@length': string };
  'podcast:transcript'?: { '@url': string; '@type': string; '@language': string }[];
}

/** The feed as a podcast app reads it: no cookies, no Origin, a real XML parser. */
async function readFeed(url: string) {
  const app = await playwrightRequest.newContext({ extraHTTPHeaders: {} });
  const res = await app.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false }).parse(await res.text());
  const channel = doc.rss.channel;
  const items: FeedItem[] = channel.item === undefined ? [] : Array.isArray(channel.item) ? channel.item : [channel.item];
  return { app, channel, items };
}

test.describe('podcast feeds (#28.3)', () => {
  test('#28.3 #40.4 a feed opened from a profile page: its address copied, read by an app with no session, every public track in it, its audio plays, its Podcasting 2.0 guid, host and transcripts', async ({
    page,
    baseURL,
    clipboard: _clipboard,
  }) => {
    const { api } = await apiAs(DEMO_EMAIL);
    const tracks = await demoTracks(api);
    await page.goto('/demo');
    const feed = page.getByTestId('podcast-feed');
    await expect(feed).toContainText('ポッドキャストで聴く');
    const copy = feed.getByTestId('copy-feed-url');
    await copy.click();
    await expect(copy).toHaveAttribute('data-copied', 'true');
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toBe(`${baseURL}/rss/users/demo`);
    await expect(feed.getByTestId('open-feed-in-app')).toHaveAttribute('href', url.replace(/^http:/, 'podcast:'));

    const { app, channel, items } = await readFeed(url);
    expect(channel.language).toBe('ja');
    expect(channel['itunes:author']).toBe('デモユーザー');
    // The demo member's tracks are all public (none hidden, none premium-only).
    expect(items.map((i) => i.guid['#text']).sort()).toEqual(tracks.map((t) => `mugen-track-${t.id}`).sort());
    const audio = await app.get(items[0].enclosure['@url'], { headers: { range: 'bytes=0-1023' } });
    expect(audio.status()).toBe(206);
    expect(audio.headers()['content-type']).toBe('audio/mpeg');
    expect((await audio.body()).length).toBe(1024);

    // #40.4 Podcasting 2.0: the show's guid (its address by internal id) and host; no empty itunes:email; each
    // episode's synced transcript as WebVTT and the namespace's JSON, fetched without a session.
    const demo = await (await app.get(`${baseURL}/api/users/demo`)).json();
    expect(channel['podcast:guid']).toBe(podcastGuid(`${baseURL}/rss/users/${demo.id}`));
    expect(channel['podcast:person']).toEqual({ '#text': 'デモユーザー', '@role': 'host', '@href': `${baseURL}/demo` });
    expect(channel['itunes:owner']).toEqual({ 'itunes:name': 'デモユーザー' });
    const [vttLink, jsonLink] = items[0]['podcast:transcript'] ?? [];
    expect([vttLink['@type'], vttLink['@language'], jsonLink['@type'], jsonLink['@language']]).toEqual([
      'text/vtt',
      'ja',
      'application/json',
      'ja',
    ]);
    const { lines } = await (
      await app.get(`${baseURL}/api/tracks/${items[0].guid['#text'].replace('mugen-track-', '')}/transcript`)
    ).json();
    const vtt = await app.get(vttLink['@url']);
    expect(vtt.status()).toBe(200);
    expect(vtt.headers()['content-type']).toBe('text/vtt; charset=utf-8');
    expect((await vtt.text()).split('\n').slice(0, 4)).toEqual([
      'WEBVTT',
      '',
      expect.stringMatching(/^\d{2}:\d{2}:\d{2}\.\d{3} --> /),
      `<v ${lines[0].speaker}>${lines[0].text}`,
    ]);
    const json = await app.get(jsonLink['@url']);
    expect(json.status()).toBe(200);
    expect((await json.json()).segments[0]).toMatchObject({
      speaker: lines[0].speaker,
      body: lines[0].text,
      startTime: lines[0].startMs / 1000,
    });
    await app.dispose();
  });

  test('#28.3 a public playlist offers its feed; the feed lists the playlist’s tracks in order', async ({
    page,
    baseURL,
    clipboard: _clipboard,
  }) => {
    const { api } = await apiAs(DEMO_EMAIL);
    const tracks = (await demoTracks(api)).slice(0, 2);
    const created = await api.post('/api/playlists', { data: { name: `フィードの確認${Date.now() % 100000}`, isPublic: true } });
    expect(created.status()).toBe(201);
    const playlist = await created.json();
    for (const t of tracks) expect((await api.post(`/api/playlists/${playlist.id}/tracks`, { data: { trackId: t.id } })).ok()).toBe(true);

    await page.goto(`/demo/playlist/${playlist.id}`);
    const copy = page.getByTestId('podcast-feed').getByTestId('copy-feed-url');
    await copy.click();
    await expect(copy).toHaveAttribute('data-copied', 'true');
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toBe(`${baseURL}/rss/playlists/${playlist.id}`);
    const { app, channel, items } = await readFeed(url);
    expect(channel.title).toBe(playlist.name);
    expect(items.map((i) => i.title)).toEqual(tracks.map((t) => t.title));
    await app.dispose();
    await api.delete(`/api/playlists/${playlist.id}`);
  });
});
