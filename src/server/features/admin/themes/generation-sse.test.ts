import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PROGRESS_STAGES } from '../../../../shared/rules/admin-themes';
import { tasks, tracks } from '../../../db/schema';
import { offlineLlm } from '../../../providers/llm/offline';
import type { LlmProvider } from '../../../providers/llm/types';
import { generatedFilename } from './generation';
import { generationSuite } from './generation-kit';

// Issue 18: AI生成's server-sent events end to end (creator-operator spec §2.4, §7).

const suite = generationSuite();
const { voice, workers, call, taskRow, listed } = suite;

/** The events of a server-sent event stream's text. */
function eventsOf(body: string) {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine.slice('event: '.length), data: JSON.parse(dataLine.slice('data: '.length)) };
    });
}

describe('GET /api/generate-content (AI生成)', () => {
  it('C-7.4-25, C-7.4-26: streams status events with stage and progress, then complete with the new track id', async () => {
    await workers();
    const inputText = 'AIの進化について。最近は画像も文章も作れるようになりました。';
    const res = await suite.t.app.inject({
      method: 'GET',
      url: `/api/generate-content?inputText=${encodeURIComponent(inputText)}&speakingRate=1.5`,
      headers: { cookie: suite.admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache, no-store');
    const events = eventsOf(res.body);
    const statuses = events.filter((e) => e.event === 'status');
    expect(statuses.length).toBeGreaterThan(3);
    for (const s of statuses) {
      expect(PROGRESS_STAGES).toContain(s.data.stage);
      expect(typeof s.data.progress).toBe('number');
    }
    expect(statuses[0].data).toMatchObject({ stage: 'initialization', progress: 0 });
    expect(statuses.map((s) => s.data.stage)).toContain('audio_generation');
    const last = events[events.length - 1];
    expect(last.event).toBe('complete');
    const { trackId, taskId } = last.data as { trackId: number; taskId: number };
    const [track] = await suite.t.db.select().from(tracks).where(eq(tracks.id, trackId));
    expect(track).toMatchObject({ createdBy: 'mugen', filename: generatedFilename(taskId) });
    expect(track.title).toBe('AIの進化について');
    expect(track.category).toBe('テクノロジー');
    const task = await listed(taskId);
    expect(task).toMatchObject({
      source: 'input',
      themeId: null,
      speakingRate: 1.5,
      status: 'completed',
      trackId,
      title: 'AIの進化について',
    });
  });

  it('C-7.4-26: streams an error event with the message when the generation fails for good', async () => {
    const failing: LlmProvider = {
      ...offlineLlm(),
      structured: async () => {
        throw new Error('boom');
      },
    };
    await workers({ llm: failing });
    // Three attempts (the queue's backoff of 2 s, then 4 s), then the error event.
    const res = await suite.t.app.inject({
      method: 'GET',
      url: '/api/generate-content?inputText=%E3%83%86%E3%82%B9%E3%83%88',
      headers: { cookie: suite.admin },
    });
    const events = eventsOf(res.body);
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { message: '台本の生成に失敗しました' } });
    expect(events.filter((e) => e.event === 'error')).toHaveLength(1);
  }, 30_000);

  it('#24.6 starts nothing from another site: cross-site fetch metadata, or no Origin/Referer of this site, is refused with 403', async () => {
    const before = (await suite.t.db.select().from(tasks)).length;
    const url = `/api/generate-content?inputText=${encodeURIComponent('外部から')}`;
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost' },
      { 'sec-fetch-site': 'none' },
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      {},
    ];
    for (const headers of refused) {
      const res = await suite.t.rawInject({ method: 'GET', url, headers: { cookie: suite.admin, ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ message: '不正なリクエスト元です' });
    }
    expect((await suite.t.db.select().from(tasks)).length).toBe(before);
    // A page of this site passes the check (here on to validation): fetch metadata same-origin, or a Referer of the site.
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { referer: 'http://localhost/admin' }]) {
      const res = await suite.t.rawInject({
        method: 'GET',
        url: '/api/generate-content?inputText=',
        headers: { cookie: suite.admin, ...headers },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(400);
    }
  });

  it('C-2.4-18, C-2.4-20: refuses empty or over 1,000 characters and rates outside the five, in Japanese, before any task', async () => {
    const before = (await suite.t.db.select().from(tasks)).length;
    for (const [query, message] of [
      ['inputText=', 'テキストを入力してください'],
      ['inputText=%20%20', 'テキストを入力してください'],
      ['', 'テキストを入力してください'],
      [`inputText=${encodeURIComponent('あ'.repeat(1001))}`, 'テキストは1,000文字以内で入力してください'],
      ['inputText=x&speakingRate=2', '話す速さは 0.5、0.75、1.0、1.25、1.5 から選んでください'],
      ['inputText=x&speakingRate=fast', '話す速さは 0.5、0.75、1.0、1.25、1.5 から選んでください'],
    ] as const) {
      const res = await call('GET', `/api/generate-content?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await suite.t.db.select().from(tasks)).length).toBe(before);
  });

  it('C-2.4-21: 1,000 characters are accepted and the rate is 0.75 when none is given; a client that leaves does not lose the task', async () => {
    const { release } = voice.hold();
    await workers();
    await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = suite.t.app.server.address() as AddressInfo;
    let closed!: () => void;
    const clientGone = new Promise<void>((r) => {
      closed = r;
    });
    const firstEvent = await new Promise<string>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: `/api/generate-content?inputText=${encodeURIComponent('い'.repeat(1000))}`,
          headers: { cookie: suite.admin, 'sec-fetch-site': 'same-origin' },
        },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            resolve(chunk.toString());
            req.destroy();
          });
        },
      );
      req.on('close', closed);
      req.on('error', reject);
    });
    await clientGone;
    const [{ data }] = eventsOf(firstEvent);
    expect(data).toMatchObject({ stage: 'initialization', progress: 0 });
    const taskId = data.taskId as number;
    expect(((await taskRow(taskId)).payload as { inputText: string; speakingRate: number }).speakingRate).toBe(0.75);
    // The browser is gone; the task goes on to its voice, and completes once the voice answers.
    await expect.poll(async () => (await taskRow(taskId)).stage, { timeout: 20_000 }).toBe('audio_generation');
    release();
    await expect.poll(async () => (await taskRow(taskId)).status, { timeout: 20_000 }).toBe('completed');
    expect((await listed(taskId)).trackId).toEqual(expect.any(Number));
  });
});
