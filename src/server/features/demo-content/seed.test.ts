import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATION_INPUT_MAX, SCRIPT_MAX } from '../../../shared/rules/creation';
import { invitations, tracks, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { testJapanese } from '../../test/japanese';
import { writeDialogue } from '../creation/writer';
import { speechSeconds } from '../creation/writer/speech-length';
import { searchReadingOf } from '../search/readings';
import { seedDemoAccounts, seedDemoTracks, spokenText } from './seed';
import { DEMO_TRACKS } from './seed-content';

const J = testJapanese();

let t: TestApp;
const rendered: string[] = [];
const fakeRender = async (text: string) => {
  rendered.push(text);
  return { mp3: Buffer.from(`ID3-fake-${rendered.length}`), duration: 120 + rendered.length };
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('creates the official account and the demo member with active invitation codes', async () => {
    const { demoUserId } = await seedDemoAccounts(t.db);
    const [official] = await t.db.select().from(users).where(eq(users.id, 'mugen'));
    expect(official).toMatchObject({ name: '無限', customUserId: 'mugen', picture: '∞' });
    const [demo] = await t.db.select().from(users).where(eq(users.id, demoUserId));
    expect(demo).toMatchObject({ email: 'demo@example.com', name: 'デモユーザー', customUserId: 'demo', canInvite: true });
    const codes = await t.db.select().from(invitations).where(eq(invitations.createdBy, demoUserId));
    expect(codes.filter((c) => c.isActive && c.usedCount < c.maxUses).length).toBeGreaterThanOrEqual(2);
    // Idempotent: a second run changes nothing.
    expect((await seedDemoAccounts(t.db)).demoUserId).toBe(demoUserId);
    expect(await t.db.select().from(users)).toHaveLength(2);
  });

  it('makes at least 12 Japanese tracks across several categories, each listed once its MP3 is stored', async () => {
    const { demoUserId } = await seedDemoAccounts(t.db);
    const seen: number[] = [];
    await seedDemoTracks({
      db: t.db,
      storage: t.storage,
      japanese: J,
      demoUserId,
      render: async (text) => {
        // Tracks made so far are already in the catalogue while the next one is being made.
        seen.push((await t.app.inject({ method: 'GET', url: '/api/tracks' })).json().length);
        return fakeRender(text);
      },
      log: { info: () => {} },
    });
    expect(DEMO_TRACKS.length).toBeGreaterThanOrEqual(12);
    expect(seen).toEqual(DEMO_TRACKS.map((_, i) => i));
    const rows = await t.db.select().from(tracks);
    expect(rows).toHaveLength(DEMO_TRACKS.length);
    expect(new Set(rows.map((r) => r.category)).size).toBeGreaterThanOrEqual(6);
    for (const r of rows) {
      expect(r.script).toMatch(/^ハルカ：/);
      expect(r.duration).toBeGreaterThan(100);
      expect((await t.storage.stat(`audio/${r.filename}`))?.size).toBe(r.fileSize);
      // #20: the seed writes the readings search by reading needs.
      expect([r.titleReading, r.categoryReading, r.scriptReading]).toEqual([
        await searchReadingOf(J, r.title),
        await searchReadingOf(J, r.category),
        await searchReadingOf(J, r.script),
      ]);
      expect(r.titleReading).toMatch(/^[^\p{Script=Han}]+$/u);
    }
    expect(rows.filter((r) => r.createdBy === 'mugen').length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.createdBy === demoUserId).length).toBeGreaterThan(0);
  });

  it('resumes an interrupted seed without doubling tracks', async () => {
    const { demoUserId } = await seedDemoAccounts(t.db);
    const before = rendered.length;
    await seedDemoTracks({ db: t.db, storage: t.storage, japanese: J, demoUserId, render: fakeRender, log: { info: () => {} } });
    expect(rendered.length).toBe(before);
    expect(await t.db.select().from(tracks)).toHaveLength(DEMO_TRACKS.length);
  });

  it('#40.5 publishes two of the official channel’s tracks premium-only, none of the demo member’s', async () => {
    const rows = await t.db
      .select({ filename: tracks.filename, createdBy: tracks.createdBy })
      .from(tracks)
      .where(eq(tracks.isPremiumOnly, true));
    expect(rows.map((r) => r.filename).sort()).toEqual(['demo-01.mp3', 'demo-02.mp3']);
    expect(rows.map((r) => r.createdBy)).toEqual(['mugen', 'mugen']);
  });

  it('reads the lines aloud without the speaker labels', () => {
    expect(spokenText('ハルカ：こんにちは。\nケンタ：こんばんは！\n\n')).toBe('こんにちは。\nこんばんは！');
  });
});

describe('#37.5 the demo as the specification describes it', () => {
  // The listener spec's tracks are "about 3 to 5 minutes"; the writer's estimate is its own measure of that.
  // Text and script stay within what a member may write and publish.
  it.each(DEMO_TRACKS.map((t) => ({ ...t })))(
    "#37.5 $key: an article a member could write, whose dialogue lasts 3 to 5 minutes by the writer's estimate",
    async (t) => {
      expect([...t.text].length).toBeLessThanOrEqual(CREATION_INPUT_MAX);
      const script = await writeDialogue(J, t.text, t.title);
      expect(script.length).toBeLessThanOrEqual(SCRIPT_MAX);
      const seconds = speechSeconds(script);
      expect(seconds).toBeGreaterThanOrEqual(180);
      expect(seconds).toBeLessThanOrEqual(300);
    },
  );
});
