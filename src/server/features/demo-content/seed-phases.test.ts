import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tracks } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { testJapanese } from '../../test/japanese';
import { searchReadingOf } from '../search/readings';
import { seedDemoAccounts, seedDemoTracks } from './seed';
import { DEMO_TRACKS } from './seed-content';

const J = testJapanese();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('#37.6 the demo’s first start, one helper at a time', () => {
  it('#37.6 writes every script first and ends the dictionary’s helper before any is spoken, and reads them for search after the speech', async () => {
    const { demoUserId } = await seedDemoAccounts(t.db);
    const events: string[] = [];
    const dictionaryWhileSpeaking: (number | undefined)[] = [];
    await seedDemoTracks({
      db: t.db,
      storage: t.storage,
      japanese: J,
      demoUserId,
      render: async () => {
        events.push('render');
        // The dictionary's helper (about 300 MB) is not running beside the render helper.
        dictionaryWhileSpeaking.push(J.pid());
        return { mp3: Buffer.from('ID3-fake'), duration: 200, voicedBy: 'open-jtalk', voiceCredit: 'クレジット' };
      },
      log: { info: () => {} },
      phases: {
        written: async () => {
          events.push('written');
          await J.close();
        },
        spoken: async () => {
          events.push('spoken');
        },
      },
    });
    expect(events).toEqual(['written', ...DEMO_TRACKS.map(() => 'render'), 'spoken']);
    expect(dictionaryWhileSpeaking).toEqual(DEMO_TRACKS.map(() => undefined));
    const rows = await t.db.select().from(tracks);
    expect(rows).toHaveLength(DEMO_TRACKS.length);
    for (const r of rows) {
      // #37.1: the voice and its credit are kept with each demo track, as with a member's.
      expect([r.voicedBy, r.voiceCredit]).toEqual(['open-jtalk', 'クレジット']);
      expect(r.titleReading).toBe(await searchReadingOf(J, r.title));
    }
  });
});
