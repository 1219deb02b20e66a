import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandIn, sendJson, startStandIn } from '../../test/stand-in';
import { engineSurface, voicevoxUserDictionary } from './voicevox-dictionary';

// Issue 25.3 / 29.5: the reading dictionary registered in a VOICEVOX engine's user dictionary, against a
// stand-in written from voicevox_engine's app/routers/user_dict.py and model.py: GET /user_dict answers
// {uuid: word} with surfaces stored full-width; POST /user_dict_word takes surface, pronunciation and
// the required accent_type in the query and answers the uuid; PUT and DELETE /user_dict_word/{uuid}
// answer 204; a pronunciation that is not katakana, or no accent_type, is 422.

interface Word {
  surface: string;
  pronunciation: string;
  accent_type: number;
}
let words = new Map<string, Word>();
let engine: StandIn;

const zenkaku = (s: string) => s.replace(/[\x21-\x7e]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

beforeAll(async () => {
  engine = await startStandIn((req, res) => {
    const q = req.url.searchParams;
    const word = () => {
      const surface = q.get('surface');
      const pronunciation = q.get('pronunciation') ?? '';
      const accent = q.get('accent_type');
      if (!surface || accent === null || !/^[ァ-ヴー]+$/.test(pronunciation) || !/^\d+$/.test(accent)) return null;
      return { surface: zenkaku(surface), pronunciation, accent_type: Number(accent) };
    };
    if (req.method === 'GET' && req.url.pathname === '/user_dict') return sendJson(res, 200, Object.fromEntries(words));
    if (req.method === 'POST' && req.url.pathname === '/user_dict_word') {
      const w = word();
      if (!w) return sendJson(res, 422, { detail: 'パラメータに誤りがあります。' });
      const uuid = randomUUID();
      words.set(uuid, w);
      res.writeHead(200).end(uuid);
      return;
    }
    const m = /^\/user_dict_word\/([\w-]+)$/.exec(req.url.pathname);
    if (m && (req.method === 'PUT' || req.method === 'DELETE')) {
      if (!words.has(m[1])) return sendJson(res, 422, { detail: 'IDに該当するワードが見つかりませんでした' });
      if (req.method === 'DELETE') words.delete(m[1]);
      else {
        const w = word();
        if (!w) return sendJson(res, 422, { detail: 'パラメータに誤りがあります。' });
        words.set(m[1], w);
      }
      res.writeHead(204).end();
      return;
    }
    res.writeHead(404).end();
  });
});
afterAll(() => engine.close());

const held = () => [...words.values()].map((w) => `${w.surface}=${w.pronunciation}`).sort();

describe('#25.3 the reading dictionary in VOICEVOX’s user dictionary (/user_dict_word)', () => {
  it('#25.3 registers the entries, updates a changed reading, removes a deleted one, and leaves a synced one alone', async () => {
    words = new Map();
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
});
