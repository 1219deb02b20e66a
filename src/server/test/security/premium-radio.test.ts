import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages/api';
import { PROGRAMME_MESSAGES } from '../../../shared/rules/programme';
import type { Programme } from '../../../shared/schemas/radio';
import { likes, segues, users } from '../../db/schema';
import { segueKey } from '../../features/radio/segues';
import { insertTrack } from '../app';
import { getAs, premiumContentSuite } from './premium-content-kit';

// Issue 36.4 (the programme) and 36.6 (the segues): あと N 分 and the hosts' segues follow the stream's
// rule (tracks/queries.ts, hearingOf) for every track they play or name. Each test fails without the fix.
const s = premiumContentSuite();
const REFUSED = { message: MESSAGES.premiumOnly, reason: 'premium_only' };
const SEGUE_GONE = { message: PROGRAMME_MESSAGES.segueNotFound };
const pair: Record<string, number> = {};
let second: { id: number };

/** A made segue between two tracks (`to` null: the closing), its audio stored, as the make-segue job leaves it. */
async function readySegue(from: number, to: number | null) {
  const audio = randomBytes(2_000);
  const [row] = await s.t.db
    .insert(segues)
    .values({ fromTrackId: from, toTrackId: to, status: 'ready', duration: 10, fileSize: audio.length })
    .returning({ id: segues.id });
  await s.t.storage.put(segueKey(row.id), audio);
  await s.t.db
    .update(segues)
    .set({ storageKey: segueKey(row.id) })
    .where(eq(segues.id, row.id));
  return row.id;
}

beforeAll(async () => {
  // Two more tracks of 140 s: a 5 minute programme is two of the four (280 s, a segue, the closing).
  second = await insertTrack(s.t, { title: 'もうひとつの談義', duration: 140, category: 'ニュース' });
  await insertTrack(s.t, { title: 'みっつめの談義', duration: 140, category: 'ニュース' });
  // Everyone liked the premium-only track's category: it comes first for whoever may hear it.
  for (const row of await s.t.db.select({ id: users.id }).from(users)) {
    await s.t.db.insert(likes).values({ userId: row.id, trackId: s.locked.id });
  }
  pair.intoLocked = await readySegue(s.open.id, s.locked.id);
  pair.lockedClosing = await readySegue(s.locked.id, null);
  pair.intoHidden = await readySegue(s.open.id, s.hidden.id);
  pair.fromHidden = await readySegue(s.hidden.id, second.id);
  pair.open = await readySegue(s.open.id, second.id);
});

const trackIdsOf = (p: Programme) => p.items.flatMap((i) => (i.kind === 'track' ? [i.trackId as number] : []));

describe('#36.4 the programme (あと N 分) plays a premium-only track to whoever the stream plays it to', () => {
  it('#36.4 a free member who posted it hears it in their programme; another free member never; a premium member does', async () => {
    const programmeOf = async (cookie: string) => {
      const res = await getAs(s, '/api/radio/programme?minutes=5', cookie);
      expect(res.statusCode).toBe(200);
      return trackIdsOf(res.json());
    };
    expect((await programmeOf(s.poster.cookie))[0]).toBe(s.locked.id);
    expect(await programmeOf(s.free)).not.toContain(s.locked.id);
    expect((await programmeOf(s.premium))[0]).toBe(s.locked.id);
  });
});

describe('#36.6 a segue is heard only by whoever may hear both tracks it names', () => {
  const audioOf = (id: number, cookie: string) => getAs(s, `/api/radio/segues/${id}/audio`, cookie);

  it('#36.6 a segue into or out of a premium-only track: 403 premium_only to a free member; a premium member and the owner hear it', async () => {
    for (const id of [pair.intoLocked, pair.lockedClosing]) {
      const free = await audioOf(id, s.free);
      expect([free.statusCode, free.json()]).toEqual([403, REFUSED]);
      for (const cookie of [s.premium, s.poster.cookie]) {
        const res = await audioOf(id, cookie);
        expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'audio/mpeg']);
      }
    }
  });

  it('#36.6 a segue that names a hidden track, either side: 404 to other members, premium or not; its owner hears it', async () => {
    for (const id of [pair.intoHidden, pair.fromHidden]) {
      for (const cookie of [s.free, s.premium]) {
        const res = await audioOf(id, cookie);
        expect([res.statusCode, res.json()]).toEqual([404, SEGUE_GONE]);
      }
      expect((await audioOf(id, s.poster.cookie)).statusCode).toBe(200);
    }
  });

  it('#36.6 a segue between two tracks anyone may hear plays to a free member (the check refuses only what it should)', async () => {
    const res = await audioOf(pair.open, s.free);
    expect(res.statusCode).toBe(200);
  });
});
