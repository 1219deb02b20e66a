import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../providers/errors';
import { geminiLlm } from '../../providers/llm/gemini';
import type { SearchedAnswer, StructuredAsk } from '../../providers/llm/types';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { GEMINI_GROUNDING, GEMINI_KEY, GEMINI_SEARCHED_ANSWER, type GeminiStandIn, startGeminiStandIn } from '../../test/gemini-stand-in';
import { HOST_ANSWERER, HOST_SEARCHER, searchedAnswer } from './answer-prompt';
import { NOT_COVERED } from './offline-answer';

// Issue 39.1 with a model configured: the model writes the hosts' answer from the track's numbered lines
// (decision 0038's structured answer); what it cites is kept to the track's lines, and when it fails the
// listener gets the offline answer from the same lines.
const SCRIPT = [
  'ハルカ：今日は星空のお話です。',
  'ケンタ：夏の大三角は、ベガとアルタイルとデネブを結んだ三角形です。',
  'ハルカ：また次回お会いしましょう。',
].join('\n');

let reply: (ask: StructuredAsk<unknown>) => unknown = () => ({});
const asked: StructuredAsk<unknown>[] = [];
const model = {
  name: 'stand-in',
  async structured<T>(ask: StructuredAsk<T>): Promise<T> {
    asked.push(ask as StructuredAsk<unknown>);
    return ask.schema.parse(reply(ask as StructuredAsk<unknown>));
  },
};

let t: TestApp;
let track: { id: number };

beforeAll(async () => {
  t = await createTestApp({}, {}, { llm: model, voice: async () => ({ mp3: Buffer.from('ID3answer'), duration: 4 }) });
  track = await insertTrack(t, { title: '星空の話', script: SCRIPT });
});
afterAll(() => t.close());

/** Asked by a member of their own each time (three questions a minute each). */
const askIn = async (app: TestApp, trackId: number, question: string) => {
  const cookie = await sessionCookie(app.db, { userId: (await insertUser(app.db)).id });
  const res = await app.app.inject({ method: 'POST', url: `/api/tracks/${trackId}/questions`, headers: { cookie }, payload: { question } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().answer;
};
const ask = (question: string) => askIn(t, track.id, question);

describe('#39.1 the hosts answer with a model', () => {
  it("#39.1 the model is asked under the hosts' instructions with the numbered lines; its answer is kept to lines the track has", async () => {
    const lines = [
      { speaker: 'ケンタ', text: '夏の大三角は、ベガとアルタイルとデネブを結んだ三角形だと話しました。' },
      { speaker: 'ハルカ', text: 'では、続きをどうぞ。' },
    ];
    reply = () => ({ lines, covered: true, basedOn: [1, 1, 7] });
    const answer = await ask('夏の大三角って何ですか？');
    expect(asked.at(-1)?.instructions).toBe(HOST_ANSWERER);
    expect(asked.at(-1)?.prompt).toContain(
      '1：ケンタ：夏の大三角は、ベガとアルタイルとデネブを結んだ三角形です。\n2：ハルカ：また次回お会いしましょう。\n質問: 夏の大三角って何ですか？',
    );
    expect({ lines: answer.lines, covered: answer.covered, basedOn: answer.basedOn }).toEqual({ lines, covered: true, basedOn: [1] });
  });

  it('#39.1 a model that says the track does not answer leaves basedOn empty; one that cites no line of it is not covered', async () => {
    const polite = [{ speaker: 'ハルカ', text: 'この回ではそこまでは話していませんでした。' }];
    reply = () => ({ lines: polite, covered: false, basedOn: [1] });
    expect(await ask('ベガまでの距離は？')).toMatchObject({ lines: polite, covered: false, basedOn: [] });
    reply = () => ({ lines: polite, covered: true, basedOn: [9] });
    expect(await ask('ベガまでの距離は？')).toMatchObject({ covered: false, basedOn: [] });
  });

  it("#39.1 when the model fails, the offline answer from the track's lines", async () => {
    reply = () => {
      throw new ProviderError('stand-in', 'quota', 'quota exceeded');
    };
    const answer = await ask('夏の大三角とは？');
    expect({ covered: answer.covered, basedOn: answer.basedOn }).toEqual({ covered: true, basedOn: [1] });
    expect(answer.lines[1]).toEqual({ speaker: 'ケンタ', text: '夏の大三角は、ベガとアルタイルとデネブを結んだ三角形です。' });
  });
});

describe('#39.1 with Gemini the hosts may search beyond the track, marking it', () => {
  let api: GeminiStandIn;
  let g: TestApp;
  let walk: { id: number };
  beforeAll(async () => {
    api = await startGeminiStandIn();
    const llm = geminiLlm({ provider: 'gemini', apiKey: GEMINI_KEY, model: 'gemini-3.5-flash', baseUrl: api.url, timeoutMs: 5000 });
    g = await createTestApp({}, {}, { llm, voice: async () => ({ mp3: Buffer.from('ID3answer'), duration: 5 }) });
    walk = await insertTrack(g, { title: '朝の散歩', script: 'ハルカ：朝の散歩の話です。\nケンタ：朝の光を浴びると目が覚めます。' });
  });
  afterAll(async () => {
    await g.close();
    await api.close();
  });

  it('#39.1 a question the track does not answer: Google Search at hand, the line from outside marked, the pages it read as sources', async () => {
    const answer = await askIn(g, walk.id, '何分くらい歩けばいいですか？');
    const sent = api.requests.at(-1)?.json as { tools?: unknown[]; systemInstruction?: { parts: { text: string }[] } };
    expect(sent.tools).toEqual([{ googleSearch: {} }]);
    expect(sent.systemInstruction?.parts[0].text).toBe(HOST_SEARCHER);
    expect(answer).toMatchObject({
      covered: false,
      basedOn: [],
      lines: [
        { speaker: 'ハルカ', text: GEMINI_SEARCHED_ANSWER.lines[0].text },
        { speaker: 'ケンタ', text: GEMINI_SEARCHED_ANSWER.lines[1].text, outside: true },
      ],
      sources: GEMINI_GROUNDING.groundingChunks.map((c) => ({ title: c.web.title, url: c.web.uri })),
    });
    expect(answer.lines[0].outside).toBeUndefined();
  });

  it('#39.1 a line marked outside with no page read is not said; an answer from the script keeps no sources', async () => {
    const TRACK = {
      key: 'k',
      title: '星空の話',
      lines: SCRIPT.split('\n').map((l, i) => ({ speaker: l.slice(0, 3), text: l.slice(4), startMs: i * 1000, endMs: i * 1000 + 900 })),
    };
    const searching = (value: unknown, sources: SearchedAnswer<unknown>['sources']) => ({
      searched: async <T>(a: { schema: { parse(v: unknown): T } }) => ({ value: a.schema.parse(value), sources }),
    });
    const guess = { lines: [{ speaker: 'ケンタ', text: 'たぶん二十五光年くらいです。', outside: true }], covered: false, basedOn: [] };
    // Its only line dropped: the hosts say politely that the track does not say it.
    expect(await searchedAnswer(searching(guess, []), TRACK, 'ベガまでの距離は？')).toEqual(NOT_COVERED);
    const fromScript = { lines: [{ speaker: 'ケンタ', text: '夏の大三角はベガとアルタイルとデネブです。' }], covered: true, basedOn: [1] };
    const page = [{ title: 'example.jp', url: 'https://example.jp/' }];
    expect(await searchedAnswer(searching(fromScript, page), TRACK, '夏の大三角とは？')).toEqual({
      lines: [{ speaker: 'ケンタ', text: '夏の大三角はベガとアルタイルとデネブです。' }],
      covered: true,
      basedOn: [1],
      sources: [],
    });
  });
});
