import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { CLOSING_SECONDS, OPENING_SECONDS, PROGRAMME_MESSAGES, SEGUE_SECONDS } from '../../../shared/rules/programme';
import type { Programme } from '../../../shared/schemas/radio';
import { likes, listeningHistory, segues, tasks } from '../../db/schema';
import { encodeMp3 } from '../../providers/audio/mp3';
import { mp3Duration } from '../../providers/audio/mp3-duration';
import type { RenderedDialogue } from '../../providers/audio/render';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { whileWorkersRun } from '../../test/workers';
import { MAKE_SEGUE } from './segues';

let t: TestApp;
let member: string;
let premium: string;
const ids: Record<string, number> = {};
const visible: number[] = [];

/** 30 tracks of 80 to 110 s (about 47 minutes): what a 5 to 30 minute programme picks from. */
beforeAll(async () => {
  t = await createTestApp();
  const m = await insertUser(t.db, { name: '聴き手' });
  const p = await insertUser(t.db, { name: 'プレミアム', isPremium: true, premiumEndDate: new Date(Date.now() + 30 * DAY_MS) });
  member = await sessionCookie(t.db, { userId: m.id });
  premium = await sessionCookie(t.db, { userId: p.id });
  for (let i = 0; i < 30; i++) {
    const track = await insertTrack(t, { title: `番組の素材 ${i}`, duration: 80 + ((i * 7) % 31), category: i % 2 ? 'ニュース' : '科学' });
    visible.push(track.id);
  }
  ids.hidden = (await insertTrack(t, { title: '非公開', duration: 90, isVisible: false })).id;
  ids.premiumOnly = (await insertTrack(t, { title: 'プレミアム限定', duration: 90, isPremiumOnly: true, category: '朗読' })).id;
  ids.liked = (await insertTrack(t, { title: '好きな落語', duration: 95, category: '落語' })).id;
  ids.sameCategory = (await insertTrack(t, { title: 'もうひとつの落語', duration: 100, category: '落語' })).id;
  ids.finished = (await insertTrack(t, { title: '聴き終えた落語', duration: 90, category: '落語' })).id;
  await t.db.insert(likes).values({ userId: m.id, trackId: ids.liked });
  // The premium member's own category: its premium-only track comes first for them.
  await t.db.insert(likes).values({ userId: p.id, trackId: ids.premiumOnly });
  await t.db.insert(listeningHistory).values({ userId: m.id, trackId: ids.finished, duration: 90, progressPercent: 100, completed: true });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

const trackIdsOf = (p: Programme) => p.items.flatMap((i) => (i.kind === 'track' ? [i.trackId as number] : []));

function expectInvariants(p: Programme, minutes: number) {
  expect(p.minutes).toBe(minutes);
  expect(p.totalSeconds).toBe(p.items.reduce((s, i) => s + i.seconds, 0));
  expect(Math.abs(p.totalSeconds - minutes * 60)).toBeLessThanOrEqual(30);
  const trackIds = trackIdsOf(p);
  expect(new Set(trackIds).size).toBe(trackIds.length);
  expect(p.items[0]).toMatchObject({ kind: 'segue', title: PROGRAMME_MESSAGES.openingTitle });
  p.items.forEach((item, i) => {
    if (item.kind === 'track' && i > 1) expect(p.items[i - 1]).toMatchObject({ kind: 'segue' });
    if (item.kind === 'track') expect(item.audioUrl).toBe(`/api/stream/${item.trackId}`);
    if (item.kind === 'segue') {
      expect(item.audioUrl).toBe(`/api/radio/segues/${item.segueId}/audio`);
      expect(item.fallbackUrl).toMatch(/^\/api\/radio\/segues\/\d+\/audio$/);
      const range = i === 0 ? OPENING_SECONDS : i === p.items.length - 1 ? CLOSING_SECONDS : SEGUE_SECONDS;
      expect([i, item.seconds >= range.min - 0.1 && item.seconds <= range.max + 0.1]).toEqual([i, true]);
    }
  });
  expect(p.items.at(-1)).toMatchObject({ kind: 'segue', title: PROGRAMME_MESSAGES.closingTitle });
}

describe('GET /api/radio/programme (#28.1)', () => {
  it('#28.1: a visitor is 401', async () => {
    const res = await get('/api/radio/programme?minutes=5');
    expect(res.statusCode).toBe(401);
  });

  it('#28.1: minutes outside 5-120 or not a whole number is 400 with the Japanese message', async () => {
    for (const value of ['4', '121', 'abc', '7.5', '']) {
      const res = await get(`/api/radio/programme?minutes=${value}`, member);
      expect([value, res.statusCode]).toEqual([value, 400]);
      expect(res.json()).toEqual({ message: PROGRAMME_MESSAGES.minutesRange });
    }
  });

  it('#28.1: 5, 15 and 30 minutes end within 30 s, add up, never repeat, lead into every track after the first with a segue, and close', async () => {
    for (const minutes of [5, 15, 30]) {
      const res = await get(`/api/radio/programme?minutes=${minutes}`, member);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expectInvariants(res.json(), minutes);
    }
  });

  it('#28.1: hidden tracks never, premium-only tracks only for premium members', async () => {
    const free: Programme = (await get('/api/radio/programme?minutes=30', member)).json();
    expect(trackIdsOf(free)).not.toContain(ids.hidden);
    expect(trackIdsOf(free)).not.toContain(ids.premiumOnly);
    const paid: Programme = (await get('/api/radio/programme?minutes=30', premium)).json();
    expectInvariants(paid, 30);
    expect(trackIdsOf(paid)).toContain(ids.premiumOnly);
    expect(trackIdsOf(paid)).not.toContain(ids.hidden);
  });

  it("#28.1: the listener's category comes first, and a track heard to the end comes after every unheard one", async () => {
    const p: Programme = (await get('/api/radio/programme?minutes=5', member)).json();
    expect(trackIdsOf(p).slice(0, 2).sort()).toEqual([ids.liked, ids.sameCategory].sort());
    expect(trackIdsOf(p)).not.toContain(ids.finished);
  });

  it('#28.1: each track item plays with the member session, and names its track', async () => {
    const p: Programme = (await get('/api/radio/programme?minutes=5', member)).json();
    const first = p.items[1];
    expect(first.title).toBe('好きな落語');
    expect(first.track?.id).toBe(first.trackId);
    const audio = await get(first.audioUrl, member);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
  });

  it('#28.1: more minutes than the catalogue holds is 422 with the longest programme it can make', async () => {
    const res = await get('/api/radio/programme?minutes=120', member);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^いま聴けるトラックで作れる番組は最長\d+分です$/);
  });
});

describe('segues (#28.2)', () => {
  /** A stand-in render: a 4 s tone, as MP3 at the offline voice's rate. */
  const spoken: string[] = [];
  const render = async (script: string, rate: number): Promise<RenderedDialogue> => {
    spoken.push(script);
    const sampleRate = 22_050;
    const samples = new Int16Array(Math.round((4 / rate) * sampleRate)).map((_, i) => Math.round(8000 * Math.sin(i / 10)));
    const mp3 = encodeMp3({ samples, sampleRate });
    return { mp3, mp3Hq: mp3, duration: mp3Duration(mp3), lines: [] };
  };

  it('#28.2: each pair is asked for once (a make-segue task), made by the job, fitted to its slot and kept', async () => {
    const p: Programme = (await get('/api/radio/programme?minutes=5', member)).json();
    const again: Programme = (await get('/api/radio/programme?minutes=5', member)).json();
    expect(again.items.map((i) => i.segueId)).toEqual(p.items.map((i) => i.segueId));
    const segueIds = p.items.flatMap((i) => (i.kind === 'segue' && i.segueId ? [i.segueId] : []));
    expect(segueIds.length).toBe(p.items.filter((i) => i.kind === 'track').length + 1);
    const queued = await t.db.select().from(tasks).where(eq(tasks.kind, MAKE_SEGUE));
    const asked = queued.map((q) => (q.payload as { segueId: number }).segueId);
    // One task per pair, however many programmes asked for it.
    for (const id of segueIds) expect([id, asked.filter((a) => a === id).length]).toEqual([id, 1]);

    await whileWorkersRun(t, { render }, () =>
      expect
        .poll(
          async () =>
            (await t.db.select({ status: segues.status }).from(segues).where(inArray(segues.id, segueIds))).every(
              (s) => s.status === 'ready',
            ),
          { timeout: 60_000 },
        )
        .toBe(true),
    );
    const rows = await t.db.select().from(segues).where(inArray(segues.id, segueIds));
    for (const row of rows) {
      expect(Math.abs(row.duration - row.seconds)).toBeLessThan(0.15);
      expect(row.script).toMatch(/^ハルカ：.+/);
    }
    const bridge = rows.find((r) => r.toTrackId !== null && r.fromTrackId !== null);
    expect(bridge?.script).toContain('「');
    // #40.1: once made, the programme counts the talk's measured seconds.
    const made: Programme = (await get('/api/radio/programme?minutes=5', member)).json();
    const measured = new Map(rows.map((r) => [r.id, r.duration]));
    for (const item of made.items.filter((i) => i.kind === 'segue')) {
      expect([item.segueId, item.seconds]).toEqual([item.segueId, measured.get(item.segueId as number) ?? item.seconds]);
    }
    expectInvariants(made, 5);
  }, 90_000);

  it('#28.2: a segue streams to members with ranges, ETag and 304; visitors are 401; an unknown one is 404', async () => {
    const [row] = await t.db.select().from(segues).where(eq(segues.status, 'ready')).limit(1);
    const url = `/api/radio/segues/${row.id}/audio`;
    expect((await get(url)).statusCode).toBe(401);
    const whole = await get(url, member);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(row.fileSize);
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"segue-\d+-\d+-[0-9a-z]+"$/);
    const part = await get(url, member, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${row.fileSize}`);
    expect(part.rawPayload.length).toBe(100);
    const again = await get(url, member, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const missing = await get('/api/radio/segues/987654/audio', member);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: PROGRAMME_MESSAGES.segueNotFound });
  });
});
