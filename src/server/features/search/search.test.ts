import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Track } from '../../../shared/schemas/track';
import { tracks } from '../../db/schema';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { testJapanese } from '../../test/japanese';
import { trackChanged } from '../tracks/changes';
import { foldText, refreshSearchReadings, searchReadingOf, sweepReadings, termForms } from './readings';
import { searchTracks, termGrams } from './service';

const J = testJapanese();

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

describe('GET /api/search, ranking, aliases and the capped count', () => {
  const more: Record<string, number> = {};
  beforeAll(async () => {
    more.business = (await insertTrack(t, { title: '会議を短くする', category: 'ビジネス', script: '議事録の話', playCount: 3 })).id;
    more.society = (await insertTrack(t, { title: '町内会の役割', category: '社会・政治,ニュース', script: '回覧板の話' })).id;
    more.categoryHit = (await insertTrack(t, { title: '夜の読書', category: '天気', script: '本の話' })).id;
    more.hiddenScript = (await insertTrack(t, { title: '秘密', script: '散歩の天気', isVisible: false })).id;
  });

  it('ranks a title match over a poster match over a category match over a script match', async () => {
    expect((await search(q('天気'))).tracks.map((x) => x.id)).toEqual([ids.title, ids.poster, more.categoryHit, ids.script]);
  });

  it('L-2.10-02 L-2.10-03: maps each alias to the other, both ways', async () => {
    const cat = async (c: string) => (await search(`category=${encodeURIComponent(c)}`)).tracks.map((x) => x.id).sort();
    expect(await cat('ビジネス')).toEqual([ids.category, more.business].sort());
    expect(await cat('ビジネス戦略')).toEqual([ids.category, more.business].sort());
    expect(await cat('政治・社会')).toEqual([ids.politics, more.society].sort());
    expect(await cat('社会・政治')).toEqual([ids.politics, more.society].sort());
    // A category among several of a track counts.
    expect(await cat('ニュース')).toEqual([ids.title, more.society].sort());
  });

  it('finds 1- and 2-character terms anywhere in a script through the grams index, never a hidden track', async () => {
    expect((await search(q('散歩'))).tracks.map((x) => x.id)).toEqual([ids.script]);
    expect((await search(q('覧'))).tracks.map((x) => x.id)).toEqual([more.society]);
    expect((await search(q('秘密'))).total).toBe(0);
  });

  it('pages through the whole ranked list without repeating or losing a track', async () => {
    const all = await search(`${q('の')}&limit=100`);
    expect(all.total).toBe(all.tracks.length);
    const paged: number[] = [];
    for (let offset = 0; offset < all.total; offset += 3) {
      paged.push(...(await search(`${q('の')}&limit=3&offset=${offset}`)).tracks.map((x) => x.id));
    }
    expect(paged).toEqual(all.tracks.map((x) => x.id));
    expect(paged).not.toContain(ids.hidden);
  });

  it('past the cap: total is the cap with totalCapped, title matches first, each tier most played first, paged', async () => {
    const opts = { terms: ['の'], limit: 3, cap: 2 };
    const first = await searchTracks(t.db, J, { ...opts, offset: 0 });
    // A lower bound: at least the cap, and never fewer than the tracks already shown.
    expect(first.totalCapped).toBe(true);
    expect(first.total).toBe(3);
    const exact = await searchTracks(t.db, J, { terms: ['の'], limit: 100, offset: 0 });
    expect(exact.totalCapped).toBeUndefined();

    const walked: Track[] = [];
    for (let offset = 0; offset < exact.total + 3; offset += 3) walked.push(...(await searchTracks(t.db, J, { ...opts, offset })).tracks);
    // The same tracks as the full ranking, none twice, no hidden one.
    expect(walked.map((x) => x.id).sort()).toEqual(exact.tracks.map((x) => x.id).sort());
    const inTitle = walked.map((x) => x.title.includes('の'));
    expect(inTitle.indexOf(false)).toBeGreaterThan(0);
    expect(inTitle.slice(inTitle.indexOf(false))).not.toContain(true);
    for (const tier of [walked.filter((x) => x.title.includes('の')), walked.filter((x) => !x.title.includes('の'))]) {
      const plays = tier.map((x) => x.playCount);
      expect(plays).toEqual([...plays].sort((a, b) => b - a));
    }
  });

  it('a category without a query past the cap is walked most played first', async () => {
    const r = await searchTracks(t.db, J, { terms: [], category: 'ニュース', limit: 10, offset: 0, cap: 1 });
    expect(r).toMatchObject({ total: 2, totalCapped: true });
    expect(r.tracks.map((x) => x.id)).toEqual([ids.title, more.society]);
  });
});

describe('termGrams', () => {
  it('is the character itself, or every adjacent pair, lower-cased', () => {
    expect(termGrams('の')).toEqual(['の']);
    expect(termGrams('温泉')).toEqual(['温泉']);
    expect(termGrams('量子コン')).toEqual(['量子', '子コ', 'コン']);
    expect(termGrams('AIAI')).toEqual(['ai', 'ia']);
  });
});

describe('the answer cache of short searches (issue 16)', () => {
  it('shares one answer between identical searches, and forgets it at once when a track is hidden or added', async () => {
    const owner = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: owner.id });
    const shown = await insertTrack(t, { title: '流星群を見上げる夜', userId: owner.id, createdBy: owner.id });
    const first = await search(q('流星'));
    expect(first.tracks.map((x) => x.id)).toEqual([shown.id]);
    const again = await search(q('流星'));
    expect(again).toEqual(first);
    const hide = await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${shown.id}/visibility`,
      headers: { cookie },
      payload: { isVisible: false },
    });
    expect(hide.statusCode).toBe(200);
    expect((await search(q('流星'))).tracks).toEqual([]);
    const added = await insertTrack(t, { title: '流星の正体' });
    expect((await search(q('流星'))).tracks.map((x) => x.id)).toEqual([added.id]);
  });
});

describe('#20 search by reading: kana, katakana, half-width, full-width, case and kanji find the same tracks', () => {
  let r: TestApp;
  const rid: Record<string, number> = {};
  let poster: { id: string };
  const find = async (s: string) => {
    const res = await r.app.inject({ method: 'GET', url: `/api/search?${q(s)}&limit=100` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { tracks: { id: number }[] }).tracks.map((x) => x.id);
  };
  beforeAll(async () => {
    r = await createTestApp();
    poster = await insertUser(r.db, { name: '山田はると' });
    const add = async (key: string, fields: Parameters<typeof insertTrack>[1]) => {
      rid[key] = (await insertTrack(r, { script: 'ハルカ：こんにちは。', ...fields })).id;
    };
    // Inserted as a writer that forgets the readings would: the search catches them up.
    await add('onsenTitle', { title: '温泉でととのう', category: '旅行', playCount: 1 });
    await add('kanaTitle', { title: 'おんせんのすすめ', category: 'ライフスタイル', playCount: 2 });
    await add('onsenScript', { title: '週末の過ごし方', script: 'ケンタ：週末は温泉に行きました。', playCount: 900 });
    await add('onsenTrip', { title: '温泉旅行の計画', category: '旅行' });
    await add('fullAi', { title: 'ＡＩと未来', category: 'テクノロジー' });
    await add('halfAi', { title: 'はじめてのAI', category: 'テクノロジー' });
    await add('byPoster', { title: '朝の散歩', userId: poster.id, createdBy: poster.id });
    await add('cooking', { title: '出汁の取り方', category: '料理・グルメ' });
    await add('science', { title: '科学の本', playCount: 1 });
    await add('chemistry', { title: '化学の本', playCount: 500 });
    await add('tea', { title: '日本茶の淹れ方', category: '料理・グルメ' });
    await add('chanto', { title: 'ちゃんと眠る', category: '健康・ウェルネス' });
    await add('hidden', { title: '秘密の温泉', isVisible: false });
    await add('yamadaTitle', { title: '山田さんの話' });
    await add('cookingTitle', { title: '料理の基本', category: 'ニュース' });
  });
  afterAll(() => r.close());

  it('#20 おんせん, オンセン, ｵﾝｾﾝ and 温泉 find the 温泉 tracks (title, kana title, script), title matches first', async () => {
    const titles = [rid.onsenTitle, rid.kanaTitle, rid.onsenTrip];
    for (const s of ['おんせん', 'オンセン', 'ｵﾝｾﾝ', '温泉']) {
      const found = await find(s);
      // Every title match (written or read) before the script match; within titles, the most played first.
      expect(found.slice(0, 3).sort()).toEqual([...titles].sort());
      expect(found[3]).toBe(rid.onsenScript);
      expect(found).toHaveLength(4);
      expect(found).not.toContain(rid.hidden);
    }
  });

  it('#20 AI, ａｉ, ai and ＡＩ find the tracks titled with AI and with ＡＩ', async () => {
    for (const s of ['AI', 'ａｉ', 'ai', 'ＡＩ', 'Ai']) expect((await find(s)).sort()).toEqual([rid.fullAi, rid.halfAi].sort());
  });

  it('#20 mixes: a term of kana and kanji, and terms in different scripts, find what a listener means', async () => {
    expect(await find('おんせん旅行')).toEqual([rid.onsenTrip]);
    expect(await find('オンセン旅行')).toEqual([rid.onsenTrip]);
    expect(await find('温泉りょこう')).toEqual([rid.onsenTrip]);
    expect(await find('おんせん ととのう')).toEqual([rid.onsenTitle]);
    expect(await find('ai みらい')).toEqual([rid.fullAi]);
    expect(await find('はじめての ＡＩ')).toEqual([rid.halfAi]);
  });

  it('#20 finds poster names and categories by their reading', async () => {
    // The title that reads やまだ first, then the poster's track.
    for (const s of ['やまだ', 'ヤマダ', '山田']) expect(await find(s)).toEqual([rid.yamadaTitle, rid.byPoster]);
    const cookingCategory = [rid.cooking, rid.tea].sort();
    // The title that reads りょうり first, then the two in the category 料理・グルメ.
    const ryouri = await find('りょうり');
    expect([ryouri[0], ryouri.slice(1).sort()]).toEqual([rid.cookingTitle, cookingCategory]);
    for (const s of ['グルメ', 'ぐるめ', 'ｸﾞﾙﾒ']) expect((await find(s)).sort()).toEqual(cookingCategory);
  });

  it('#20 ranking: title before poster, category and script; among equal ranks what is written before what is only read', async () => {
    // 科学 (かがく) is written in one title and read in the other (化学): the written one first though less played.
    expect(await find('科学')).toEqual([rid.science, rid.chemistry]);
    expect(await find('かがく')).toEqual([rid.chemistry, rid.science]);
    const onsen = await find('おんせん');
    expect(onsen.indexOf(rid.onsenScript)).toBe(onsen.length - 1);
  });

  it('#20 a lone kanji is matched as written, not by its short reading (茶 is not ちゃんと)', async () => {
    expect(await find('茶')).toEqual([rid.tea]);
    expect(await find('ちゃ')).toEqual(expect.arrayContaining([rid.tea, rid.chanto]));
  });

  it('#20 a track whose title changes after publishing is found by its new reading, not its old one', async () => {
    const [before] = await r.db.select().from(tracks).where(eq(tracks.id, rid.onsenTrip));
    expect(before.titleReading).toBe('おんせんりょこうのけいかく');
    // An edit that writes the title alone: the trigger forgets the old reading at once.
    await r.db.update(tracks).set({ title: '露天風呂の計画' }).where(eq(tracks.id, rid.onsenTrip));
    const [edited] = await r.db.select().from(tracks).where(eq(tracks.id, rid.onsenTrip));
    expect(edited.titleReading).toBeNull();
    expect(edited.scriptReading).toBe('はるか:こんにちは。');
    await trackChanged(r.db, rid.onsenTrip);
    expect(await find('ろてんぶろ')).toEqual([rid.onsenTrip]);
    expect(await find('おんせんりょこう')).toEqual([]);
    const [after] = await r.db.select().from(tracks).where(eq(tracks.id, rid.onsenTrip));
    expect(after.titleReading).toBe('ろてんぶろのけいかく');
    // The writer's own call does the same at once.
    await r.db.update(tracks).set({ title: '温泉旅行の計画' }).where(eq(tracks.id, rid.onsenTrip));
    await refreshSearchReadings(r.db, J, rid.onsenTrip);
    const [back] = await r.db.select().from(tracks).where(eq(tracks.id, rid.onsenTrip));
    expect(back.titleReading).toBe('おんせんりょこうのけいかく');
  });

  it('#20 a poster who changes their name is found by the new reading', async () => {
    const cookie = await sessionCookie(r.db, { userId: poster.id });
    const res = await r.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: { cookie }, payload: { name: '佐藤みなと' } });
    expect(res.statusCode).toBe(200);
    await trackChanged(r.db, rid.byPoster);
    expect(await find('さとう')).toEqual([rid.byPoster]);
    expect(await find('やまだ')).toEqual([rid.yamadaTitle]);
  });

  it('#20 a backlog of tracks without readings (after the migration) is filled by the sweep, found as written meanwhile', async () => {
    const many: number[] = [];
    for (let i = 0; i < 25; i++) many.push((await insertTrack(r, { title: `蒸気機関車の旅 第${i + 1}回` })).id);
    // More than a search computes itself: it answers at once from what is written.
    expect((await find('蒸気機関車')).sort()).toEqual([...many].sort());
    await sweepReadings(r.db, J);
    const rows = await r.db.select({ reading: tracks.titleReading }).from(tracks).where(inArray(tracks.id, many));
    expect(rows.map((x) => x.reading).sort()).toEqual(many.map((_, i) => `じょうききかんしゃのたび だい${i + 1}かい`).sort());
    expect((await find('じょうききかんしゃ')).sort()).toEqual([...many].sort());
  });
});

describe('#20 readings and term forms', () => {
  it('reads kanji with the offline voice tokenizer, folds width, case and katakana', async () => {
    expect(await searchReadingOf(J, '温泉旅行')).toBe('おんせんりょこう');
    expect(await searchReadingOf(J, 'ＡＩと未来')).toBe('aiとみらい');
    expect(await searchReadingOf(J, 'ｵﾝｾﾝ')).toBe('おんせん');
    expect(await searchReadingOf(J, 'ニュース')).toBe('にゅーす');
    expect(await searchReadingOf(J, null)).toBe('');
    expect(foldText('ｵﾝｾﾝＡＩヴ')).toBe('おんせんaiゔ');
  });

  it('a term is matched as written and as read; a lone kanji only as written', async () => {
    expect(await termForms(J, '温泉')).toEqual({ written: '温泉', read: ['おんせん'] });
    expect(await termForms(J, 'ｵﾝｾﾝ')).toEqual({ written: 'オンセン', read: ['おんせん'] });
    expect(await termForms(J, 'ＡＩ')).toEqual({ written: 'ai', read: ['ai'] });
    expect(await termForms(J, '茶')).toEqual({ written: '茶', read: [] });
    expect(await termForms(J, 'おんせん旅行')).toEqual({ written: 'おんせん旅行', read: ['おんせんりょこう'] });
  });
});
