import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMora, startVoicevoxDictionaryStandIn, type VoicevoxDictionaryStandIn } from '../../test/voicevox-dictionary-stand-in';
import { engineSurface, voicevoxUserDictionary } from './voicevox-dictionary';

// Issue 25.3 / 29.5: the reading dictionary registered in a VOICEVOX engine's user dictionary, against a
// stand-in written from voicevox_engine's app/routers/user_dict.py and model.py
// (test/voicevox-dictionary-stand-in.ts): GET /user_dict answers {uuid: word} with surfaces stored
// full-width; POST /user_dict_word takes surface, pronunciation and the required accent_type in the query
// and answers the uuid; PUT and DELETE /user_dict_word/{uuid} answer 204; #41.4: it refuses what the
// engine refuses with 422 (no accent_type, a pronunciation that is not katakana, an accent_type
// outside 0 to the mora count).

let engine: VoicevoxDictionaryStandIn;
let words: VoicevoxDictionaryStandIn['words'];

beforeAll(async () => {
  engine = await startVoicevoxDictionaryStandIn();
  words = engine.words;
});
afterAll(() => engine.close());

const held = () => [...words.values()].map((w) => `${w.surface}=${w.pronunciation}`).sort();

describe('#25.3 the reading dictionary in VOICEVOX’s user dictionary (/user_dict_word)', () => {
  it('#25.3 registers the entries, updates a changed reading, removes a deleted one, and leaves a synced one alone', async () => {
    words.clear();
    const dict = voicevoxUserDictionary(engine.url, 2000);
    await dict.sync([
      { surface: '御朱印帳', reading: 'ゴシュインチョウ' },
      { surface: 'Mugen', reading: 'ムゲン' },
    ]);
    expect(held()).toEqual(['御朱印帳=ゴシュインチョウ', 'Ｍｕｇｅｎ=ムゲン'].sort());
    const adds = engine.requests.filter((r) => r.method === 'POST');
    expect(adds.map((r) => r.url.searchParams.get('accent_type'))).toEqual(['0', '0']);

    engine.requests.length = 0;
    await dict.sync([{ surface: 'Mugen', reading: 'ムゲンダイ' }]);
    expect(held()).toEqual(['Ｍｕｇｅｎ=ムゲンダイ']);
    expect(engine.requests.map((r) => r.method).sort()).toEqual(['DELETE', 'GET', 'PUT']);

    engine.requests.length = 0;
    await dict.sync([{ surface: 'Mugen', reading: 'ムゲンダイ' }]);
    expect(engine.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['GET /user_dict']);
  });

  it('#25.3 the engine’s surface form: ASCII full-width', () => {
    expect(engineSurface('AI2.0')).toBe('ＡＩ２．０');
    expect(engineSurface('生粋')).toBe('生粋');
  });

  it('#41.4 the stand-in refuses what the engine refuses (422): no accent_type, not katakana, accent_type outside 0 to the mora count', async () => {
    const post = async (params: Record<string, string>) => {
      const res = await fetch(`${engine.url}/user_dict_word?${new URLSearchParams(params)}`, { method: 'POST' });
      return { status: res.status, body: await res.json() };
    };
    expect(await post({ surface: 'Mugen', pronunciation: 'ムゲン' })).toEqual({
      status: 422,
      body: { detail: [{ type: 'missing', loc: ['query', 'accent_type'], msg: 'Field required', input: null }] },
    });
    const refusals = await Promise.all(
      // surface, pronunciation, accent_type: hiragana, Latin, accents past the mora count or below 0, a bad small kana.
      (
        [
          ['無限', 'むげん', '0'],
          ['無限', 'MUGEN', '0'],
          ['無限', 'ムゲン', '4'],
          ['無限', 'ムゲン', '-1'],
          ['キャット', 'キャット', '4'],
          ['変', 'キャャ', '0'],
        ] as const
      ).map(([surface, pronunciation, accent_type]) => post({ surface, pronunciation, accent_type })),
    );
    expect(refusals.map((r) => r.status)).toEqual([422, 422, 422, 422, 422, 422]);
    expect(refusals.map((r) => String(r.body.detail).split('\n')[0])).toEqual(Array(6).fill('パラメータに誤りがあります。'));
    expect(String(refusals[0].body.detail)).toContain('発音は有効なカタカナでなくてはいけません。');
    expect(String(refusals[2].body.detail)).toContain('誤ったアクセント型です(4)。 expect: 0 <= accent_type <= 3');
    expect(String(refusals[4].body.detail)).toContain('誤ったアクセント型です(4)。 expect: 0 <= accent_type <= 3');
    expect(String(refusals[5].body.detail)).toContain('無効な発音です。(捨て仮名の連続)');
    // The engine's mora count: キャ, ティ and クヮ are one mora each; ー and ッ count.
    expect(['キャット', 'パーティー', 'クヮンノン', 'ムゲン'].map(countMora)).toEqual([3, 4, 4, 3]);
    expect((await post({ surface: '無限', pronunciation: 'ムゲン', accent_type: '3' })).status).toBe(200);
    expect((await post({ surface: 'キャット', pronunciation: 'キャット', accent_type: '1' })).status).toBe(200);
  });

  it('#41.4 what Mugen sends passes the engine’s checks: every reading the dictionary keeps, accent_type 0', async () => {
    words.clear();
    engine.requests.length = 0;
    await voicevoxUserDictionary(engine.url, 2000).sync([
      { surface: 'パーティー', reading: 'パーティー' },
      { surface: '観音', reading: 'クヮンノン' },
    ]);
    expect(held()).toEqual(['パーティー=パーティー', '観音=クヮンノン'].sort());
  });
});
