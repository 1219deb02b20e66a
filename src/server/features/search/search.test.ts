import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertTrack, insertUser, type TestApp } from '../../test/app';

let t: TestApp;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  const poster = await insertUser(t.db, { name: '天気予報士さくら' });
  ids.title = (
    await insertTrack(t, { title: '明日の天気と暮らし', category: 'ニュース', script: 'ハルカ：こんにちは。', playCount: 1 })
  ).id;
  ids.script = (
    await insertTrack(t, {
      title: '朝の習慣',
      category: 'ライフスタイル',
      script: 'ケンタ：今日は良い天気ですね。散歩日和です。',
      playCount: 50,
    })
  ).id;
  ids.poster = (
    await insertTrack(t, { title: '週末の話', category: '旅行', script: '温泉の話', userId: poster.id, createdBy: poster.id })
  ).id;
  ids.category = (await insertTrack(t, { title: '経営のヒント', category: 'ビジネス戦略', script: '売上の話' })).id;
  ids.politics = (await insertTrack(t, { title: '選挙の仕組み', category: '政治・社会', script: '投票の話' })).id;
  ids.hidden = (await insertTrack(t, { title: '隠れた天気の話', isVisible: false })).id;
  ids.latin = (await insertTrack(t, { title: 'ＡＩと未来', category: 'テクノロジー', script: 'AIの話' })).id;
});
afterAll(() => t.close());

const search = async (qs: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?${qs}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { tracks: { id: number }[]; total: number };
};
const q = (s: string) => `q=${encodeURIComponent(s)}`;

describe('GET /api/search', () => {
  it('finds Japanese words inside titles, scripts and poster names, title matches first, never hidden tracks', async () => {
    const r = await search(q('天気'));
    expect(r.tracks.map((x) => x.id)).toEqual([ids.title, ids.poster, ids.script]);
    expect(r.total).toBe(3);
  });

  it('needs every term to match', async () => {
    expect((await search(q('天気 散歩'))).tracks.map((x) => x.id)).toEqual([ids.script]);
    expect((await search(q('天気 存在しない語'))).total).toBe(0);
  });

  it('matches full-width and half-width forms alike', async () => {
    expect((await search(q('AI'))).tracks.map((x) => x.id)).toContain(ids.latin);
    expect((await search(q('ａｉ'))).tracks.map((x) => x.id)).toContain(ids.latin);
  });

  it('filters by category with the aliases both ways', async () => {
    expect((await search(`category=${encodeURIComponent('ビジネス')}`)).tracks.map((x) => x.id)).toEqual([ids.category]);
    expect((await search(`category=${encodeURIComponent('社会・政治')}`)).tracks.map((x) => x.id)).toEqual([ids.politics]);
    expect((await search(`${q('選挙')}&category=${encodeURIComponent('ニュース')}`)).total).toBe(0);
  });

  it('pages with limit and offset and keeps the total', async () => {
    const a = await search(`${q('の')}&limit=2&offset=0`);
    const b = await search(`${q('の')}&limit=2&offset=2`);
    expect(a.tracks).toHaveLength(2);
    expect(a.total).toBe(b.total);
    expect(a.tracks.map((x) => x.id)).not.toEqual(b.tracks.map((x) => x.id));
  });

  it('answers the recommended list without a query, and treats LIKE wildcards and SQL as text', async () => {
    const all = await search('');
    expect(all.total).toBe(6);
    expect((await search(q('%'))).total).toBe(0);
    expect((await search(q("' OR 1=1 --"))).total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/search?${q('あ'.repeat(201))}` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/search?limit=1000' })).statusCode).toBe(400);
  });
});
