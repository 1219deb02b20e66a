import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertTrack, insertUser, type TestApp } from '../../test/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertUser(t.db, { id: 'mugen', name: '無限', customUserId: 'mugen', picture: '∞', email: null });
  await insertTrack(t, { title: '選挙の話', category: '社会・政治' });
  await insertTrack(t, { title: '防災の話', category: '政治・社会' });
  await insertTrack(t, { title: 'お店の話', category: 'ビジネス戦略' });
  await insertTrack(t, { title: '両方の名前', category: 'ビジネス, ビジネス戦略, 科学' });
  await insertTrack(t, { title: '隠れた話', category: '歴史', isVisible: false });
});
afterAll(() => t.close());

describe('GET /api/categories/tracks (the search tabs, #20 one list of category names)', () => {
  it('L-2.10-02 L-2.10-03: counts an alias under the canonical name its chips show, a track once, hidden tracks never', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories/tracks' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { name: 'ビジネス', usageCount: 2 },
      { name: '政治・社会', usageCount: 2 },
      { name: '科学', usageCount: 1 },
    ]);
  });
});
