import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AudioFileRow } from '../../../../shared/schemas/admin-audio';
import { tracks } from '../../../db/schema';
import { adminSuite } from '../../../test/admin-kit';
import { insertTrack, insertUser, sessionCookie } from '../../../test/app';

// Issue 40.5: the operator marks any track premium-only, and back, in the console's 音声管理 list; the stream,
// the catalogue and the feeds follow at once (tracks' trackChanged).

const suite = adminSuite();
const { call } = suite;
let member: string;
let trackId: number;

beforeAll(async () => {
  const m = await insertUser(suite.t.db, { customUserId: 'premium_mark_maker' });
  member = await sessionCookie(suite.t.db, { userId: m.id });
  trackId = (await insertTrack(suite.t, { userId: m.id, createdBy: m.id, title: '限定にする回' })).id;
});

const mark = (id: number, isPremiumOnly: unknown, cookie?: string) =>
  call('PATCH', `/api/admin/tracks/${id}/premium-only`, { isPremiumOnly }, cookie);
const listed = async (): Promise<AudioFileRow | undefined> =>
  (await call('GET', `/api/admin/files?search=${encodeURIComponent('限定にする回')}`)).json().files[0];
/** What a visitor (a podcast app) gets of the track: its stream's status and whether the creator's feed lists it. */
async function asVisitor() {
  const stream = await suite.t.app.inject({ method: 'GET', url: `/api/stream/${trackId}`, headers: { range: 'bytes=0-9' } });
  const feed = await suite.t.app.inject({ method: 'GET', url: '/rss/users/premium_mark_maker' });
  return { stream: stream.statusCode, inFeed: feed.body.includes(`mugen-track-${trackId}<`) };
}

describe('the premium-only mark in 音声管理 (#40.5)', () => {
  it('#40.5 answers 401 管理者認証が必要です to a visitor and to a member (the owner too), and changes nothing', async () => {
    for (const cookie of ['', member]) {
      const res = await mark(trackId, true, cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: '管理者認証が必要です。ログインしてください。' });
    }
    const [row] = await suite.t.db.select({ p: tracks.isPremiumOnly }).from(tracks).where(eq(tracks.id, trackId));
    expect(row.p).toBe(false);
  });

  it('#40.5 answers 404 音声が見つかりません for an unknown track, 400 for a body that is not a boolean', async () => {
    const missing = await mark(987_654, true);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: '音声が見つかりません' });
    for (const body of ['yes', null, 1]) expect((await mark(trackId, body)).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/tracks/${trackId}/premium-only`, {})).statusCode).toBe(400);
  });

  it('#40.5 marks the track premium-only: the list shows the mark, a visitor’s stream is refused and the feed leaves it out; and back', async () => {
    expect((await listed())?.isPremiumOnly).toBe(false);
    // The stream's metadata is cached before the change: trackChanged must reach it.
    expect(await asVisitor()).toEqual({ stream: 206, inFeed: true });

    const on = await mark(trackId, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id: trackId, title: '限定にする回', isPremiumOnly: true, isVisible: true });
    expect((await listed())?.isPremiumOnly).toBe(true);
    expect((await suite.t.app.inject({ method: 'GET', url: `/api/tracks/${trackId}` })).json().isPremiumOnly).toBe(true);
    expect(await asVisitor()).toEqual({ stream: 403, inFeed: false });
    // Its owner still hears it (the premium-only rule, #24.11).
    const own = await suite.t.app.inject({ method: 'GET', url: `/api/stream/${trackId}`, headers: { cookie: member, range: 'bytes=0-9' } });
    expect(own.statusCode).toBe(206);

    const off = await mark(trackId, false);
    expect(off.statusCode).toBe(200);
    expect(off.json().isPremiumOnly).toBe(false);
    expect((await listed())?.isPremiumOnly).toBe(false);
    expect(await asVisitor()).toEqual({ stream: 206, inFeed: true });
  });
});
