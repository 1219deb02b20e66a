import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, insertUser, sessionCookie } from '../../test/app';
import { closeReadingThread, readInThread } from './reading-thread';
import { readingOf } from './readings';

// kuromoji on this (the main) thread refuses and is counted: whatever reads Japanese must ask the
// dictionary thread, whose module graph is its own (vitest's mocks do not reach it).
const mainThread = vi.hoisted(() => ({ loads: 0 }));
vi.mock('../../providers/japanese/tokenizer', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../providers/japanese/tokenizer')>()),
  loadTokenizer: () => {
    mainThread.loads++;
    return Promise.reject(new Error('kuromoji was loaded on the main thread'));
  },
}));

afterAll(() => closeReadingThread());

describe('#27.2 #27.3 the reading dictionary lives in its own thread', () => {
  it('#27.2 reads kanji without loading the dictionary (about 280 MB) on the calling thread', async () => {
    const held = () => process.memoryUsage().heapUsed + process.memoryUsage().external;
    const before = held();
    expect(await readingOf('温泉旅行')).toBe('おんせんりょこう');
    expect(await readInThread(['東京', '昆布とかつお節'])).toEqual(['トウキョウ', 'コンブトカツオブシ']);
    // Loaded on this thread, the dictionary adds about 270 MB here (77 MB of heap, 194 MB of buffers).
    expect(held() - before).toBeLessThan(60 * 1024 * 1024);
    expect(mainThread.loads).toBe(0);
  });

  it('#27.2 the thread ended (its dictionary freed), the next reading starts another', async () => {
    await closeReadingThread();
    expect(await readingOf('温泉')).toBe('おんせん');
    expect(await readingOf('オンセン')).toBe('おんせん');
  });

  it('#27.2 the support chat, GET /api/readings, the reading reports and search answer without kuromoji on the web process’ main thread', async () => {
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
