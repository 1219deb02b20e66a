import fs from 'node:fs/promises';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, insertUser, sessionCookie } from '../../test/app';
import { testJapanese } from '../../test/japanese';
import { detectClaims } from '../creation/fact-check/claims';
import { offlineScript } from '../creation/offline-script';
import { searchReadingOf } from './readings';

const J = testJapanese();

// kuromoji in this (the web) process refuses and is counted: whatever reads Japanese must ask the
// dictionary's helper process, whose module graph is its own (vitest's mocks do not reach it).
const mainThread = vi.hoisted(() => ({ loads: 0 }));
vi.mock('../../providers/japanese/tokenizer', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../providers/japanese/tokenizer')>()),
  loadTokenizer: () => {
    mainThread.loads++;
    return Promise.reject(new Error('kuromoji was loaded in the web process'));
  },
}));

afterAll(() => J.close());

describe('#27.2 #27.3 the reading dictionary lives in a helper process of its own', () => {
  it('#27.2 reads kanji without loading the dictionary (about 280 MB) in the calling process', async () => {
    const held = () => process.memoryUsage().heapUsed + process.memoryUsage().external;
    const before = held();
    expect(await searchReadingOf(J, '温泉旅行')).toBe('おんせんりょこう');
    expect(await J.readings(['東京', '昆布とかつお節'])).toEqual(['トウキョウ', 'コンブトカツオブシ']);
    // Loaded in this process, the dictionary adds about 270 MB here (77 MB of heap, 194 MB of buffers).
    expect(held() - before).toBeLessThan(60 * 1024 * 1024);
    expect(mainThread.loads).toBe(0);
    // Read in another process (named for ps and top), whose pages go back to the system when it ends.
    const pid = J.pid();
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    expect(await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).toContain('mugen-dictionary');
  });

  it('#27.2 the helper ended (its dictionary freed), the next reading starts another', async () => {
    const first = J.pid();
    await J.close();
    expect(J.pid()).toBeUndefined();
    // Gone: no process of that id is left (a zombie would keep its entry until reaped).
    await expect(fs.access(`/proc/${first}`)).rejects.toThrow();
    expect(await searchReadingOf(J, '温泉')).toBe('おんせん');
    expect(J.pid()).not.toBe(first);
    expect(await searchReadingOf(J, 'オンセン')).toBe('おんせん');
  });

  it('#27.2 the offline writer and fact check (creation, the demo) write and find claims in the helper, not here', async () => {
    const draft = await offlineScript(J, {
      inputText: '日本の温泉は約二万七千か所あります。週末は近くの温泉でゆっくり過ごすのがおすすめです。',
      title: '温泉の話',
    });
    expect(draft.script).toMatch(/^ハルカ：/);
    expect(draft.factCheck.claims.length).toBeGreaterThan(0);
    expect((await detectClaims(J, 'ハルカ：1968年に開業しました。'))[0]).toMatchObject({ line: 0, kind: 'date' });
    expect(mainThread.loads).toBe(0);
  });

  it('#27.2 a helper that dies fails its questions with why, and the next question starts another', async () => {
    await searchReadingOf(J, '温泉');
    const pid = J.pid() as number;
    // Stopped first, so the question is surely in flight when the helper dies (it answered in time once, on CI).
    process.kill(pid, 'SIGSTOP');
    const asked = J.readings(['温泉旅館']);
    process.kill(pid, 'SIGKILL');
    await expect(asked).rejects.toThrow(/exited with SIGKILL/);
    expect(await searchReadingOf(J, '温泉旅館')).toBe('おんせんりょかん');
    expect(J.pid()).not.toBe(pid);
  });

  it('#27.2 the support chat, GET /api/readings, the reading reports and search answer without kuromoji in the web process', async () => {
    const t = await createTestApp();
    try {
      const member = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
      const chat = await t.app.inject({
        method: 'POST',
        url: '/api/ai-chat',
        payload: { message: '解約したいです', context: 'customer_support' },
      });
      expect(chat.statusCode, chat.body).toBe(200);
      expect(chat.json().response).toContain('解約・一時停止のページ（/cancel）');
      const reading = await t.app.inject({
        method: 'GET',
        url: `/api/readings?text=${encodeURIComponent('無限を聴く')}`,
        headers: { cookie: member },
      });
      expect(reading.statusCode, reading.body).toBe(200);
      expect(reading.json()).toEqual({ text: '無限を聴く', reading: 'ムゲンヲキク' });
      const admin = await sessionCookie(t.db, { isAdmin: true });
      const reports = await t.app.inject({ method: 'GET', url: '/api/admin/reading-reports', headers: { cookie: admin } });
      expect(reports.statusCode, reports.body).toBe(200);
      const search = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent('温泉')}` });
      expect(search.statusCode, search.body).toBe(200);
      expect(mainThread.loads).toBe(0);
    } finally {
      await t.close();
    }
  });
});
