import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../providers/errors';
import type { StructuredAsk } from '../../providers/llm/types';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { HOST_ANSWERER } from './answer-prompt';

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
const ask = async (question: string) => {
  const cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
  const res = await t.app.inject({ method: 'POST', url: `/api/tracks/${track.id}/questions`, headers: { cookie }, payload: { question } });
  return res.json().answer;
};

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
