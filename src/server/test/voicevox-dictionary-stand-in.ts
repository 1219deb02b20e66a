import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { type StandIn, type StandInRequest, sendJson, startStandIn } from './stand-in';

// A stand-in of a VOICEVOX engine's user dictionary, written from voicevox_engine (fetched 2026-12-02,
// d4b1b3e): app/routers/user_dict.py, user_dict/model.py and utility/text_utility.py.
//   GET    /user_dict → {uuid: UserDictWord}, surfaces stored with ASCII turned full-width
//   POST   /user_dict_word?surface=&pronunciation=&accent_type= → the new word's uuid (a JSON string)
//   PUT    /user_dict_word/{uuid}?… → 204;  DELETE /user_dict_word/{uuid} → 204
// It refuses what the engine refuses, with 422 and the engine's own words:
// - a query parameter missing or not an integer (FastAPI: {"detail":[{"type":"missing","loc":["query",
//   "accent_type"],"msg":"Field required","input":null}]});
// - a pronunciation that is not katakana ([ァ-ヴー]+), or with small kana in a row (キャャ, ッッ), or ヮ
//   after anything but ク/グ: "発音は有効なカタカナでなくてはいけません。" and the like;
// - an accent_type outside 0 to the pronunciation's mora count (count_mora: キャ, ティ, クヮ … are one
//   mora): "誤ったアクセント型です(5)。 expect: 0 <= accent_type <= 3";
// both of these as {"detail": "パラメータに誤りがあります。\n" + the pydantic error}; an unknown uuid as
// {"detail":"IDに該当するワードが見つかりませんでした"}.

export interface VoicevoxWord {
  surface: string;
  pronunciation: string;
  accent_type: number;
}

export interface VoicevoxDictionaryStandIn extends StandIn {
  /** The engine's dictionary, by uuid. */
  words: Map<string, VoicevoxWord>;
}

const zenkaku = (s: string) => s.replace(/[\x21-\x7e]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

// text_utility.py: the kana that make one mora together, then any single katakana.
const MORA = new RegExp(
  [
    '[イ][ェ]|[ヴ][ャュョ]|[ウクグトド][ゥ]|[テデ][ィェャュョ]|[クグ][ヮ]',
    '[キシチニヒミリギジヂビピ][ェャュョ]|[キニヒミリギビピ][ィ]',
    '[クツフヴグ][ァ]|[ウクスツフヴグズ][ィ]|[ウクツフヴグ][ェォ]',
    '[ァ-ヴー]',
  ].join('|'),
  'g',
);

/** The engine's count_mora. */
export const countMora = (pronunciation: string) => pronunciation.match(MORA)?.length ?? 0;

const SUTEGANA = ['ァ', 'ィ', 'ゥ', 'ェ', 'ォ', 'ャ', 'ュ', 'ョ', 'ヮ', 'ッ'];

/** model.py's _check_is_katakana: the reason the engine refuses a pronunciation, or null. */
function katakanaRefusal(p: string): string | null {
  if (!/^[ァ-ヴー]+$/.test(p)) return '発音は有効なカタカナでなくてはいけません。';
  for (let i = 0; i < p.length; i++) {
    const next = p[i + 1];
    if (SUTEGANA.includes(p[i]) && next !== undefined && (SUTEGANA.slice(0, -1).includes(next) || (p[i] === 'ッ' && next === 'ッ')))
      return '無効な発音です。(捨て仮名の連続)';
    if (p[i] === 'ヮ' && i !== 0 && !['ク', 'グ'].includes(p[i - 1])) return '無効な発音です。(「くゎ」「ぐゎ」以外の「ゎ」の使用)';
  }
  return null;
}

const pydantic = (field: string | null, reason: string, input: string) =>
  `パラメータに誤りがあります。\n1 validation error for UserDictWord\n${field ?? ''}${field ? '\n' : ''}  Value error, ${reason} [type=value_error, input_value=${input}, input_type=${field ? 'str' : 'dict'}]`;

/** The word a POST or PUT asks for, or the engine's 422 answer. */
function wordOf(req: StandInRequest): VoicevoxWord | { status: 422; body: unknown } {
  const q = req.url.searchParams;
  const missing = ['surface', 'pronunciation', 'accent_type'].filter((k) => q.get(k) === null);
  if (missing.length)
    return {
      status: 422,
      body: { detail: missing.map((k) => ({ type: 'missing', loc: ['query', k], msg: 'Field required', input: null })) },
    };
  const accent = q.get('accent_type') ?? '';
  if (!/^-?\d+$/.test(accent))
    return {
      status: 422,
      body: {
        detail: [
          {
            type: 'int_parsing',
            loc: ['query', 'accent_type'],
            msg: 'Input should be a valid integer, unable to parse string as an integer',
            input: accent,
          },
        ],
      },
    };
  const pronunciation = q.get('pronunciation') ?? '';
  const refusal = katakanaRefusal(pronunciation);
  if (refusal) return { status: 422, body: { detail: pydantic('pronunciation', refusal, `'${pronunciation}'`) } };
  const morae = countMora(pronunciation);
  const accentType = Number(accent);
  if (accentType < 0 || accentType > morae)
    return {
      status: 422,
      body: { detail: pydantic(null, `誤ったアクセント型です(${accentType})。 expect: 0 <= accent_type <= ${morae}`, '{…}') },
    };
  return { surface: zenkaku(q.get('surface') ?? ''), pronunciation, accent_type: accentType };
}

function answerWord(res: http.ServerResponse, word: ReturnType<typeof wordOf>, then: (w: VoicevoxWord) => void) {
  if ('status' in word) return sendJson(res, word.status, word.body);
  then(word);
}

/** A VOICEVOX engine's user dictionary on a local port. */
export async function startVoicevoxDictionaryStandIn(): Promise<VoicevoxDictionaryStandIn> {
  const words = new Map<string, VoicevoxWord>();
  const api = await startStandIn((req, res) => {
    if (req.method === 'GET' && req.url.pathname === '/user_dict') return sendJson(res, 200, Object.fromEntries(words));
    if (req.method === 'POST' && req.url.pathname === '/user_dict_word')
      return answerWord(res, wordOf(req), (w) => {
        const uuid = randomUUID();
        words.set(uuid, w);
        sendJson(res, 200, uuid);
      });
    const m = /^\/user_dict_word\/([\w-]+)$/.exec(req.url.pathname);
    if (m && (req.method === 'PUT' || req.method === 'DELETE')) {
      if (!words.has(m[1])) return sendJson(res, 422, { detail: 'IDに該当するワードが見つかりませんでした' });
      if (req.method === 'DELETE') {
        words.delete(m[1]);
        return void res.writeHead(204).end();
      }
      return answerWord(res, wordOf(req), (w) => {
        words.set(m[1], w);
        res.writeHead(204).end();
      });
    }
    res.writeHead(404).end();
  });
  return Object.assign(api, { words });
}
