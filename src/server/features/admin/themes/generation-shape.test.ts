import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tracks } from '../../../db/schema';
import { approvedTheme } from '../../../test/generation-kit';
import { generationSuite } from './generation-kit';

// Issue 39.2: the operator's generation takes the show's format and length, from a theme and from AI生成's form.

const suite = generationSuite();
const { workers, call, taskRow } = suite;

const reaches = (taskId: number, status: string) =>
  expect.poll(async () => (await taskRow(taskId)).status, { timeout: 20_000 }).toBe(status);

describe('the show’s shape in the console’s generation (#39.2)', () => {
  it('#39.2 a theme generated as a short monologue is one host’s script; an unknown format is 400', async () => {
    const theme = await approvedTheme(suite.t.db, { title: 'ひとりのテーマ' });
    const bad = await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, { speakingRate: 1, format: 'quiz' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('番組の形式を選んでください（対談・インタビュー・討論・ニュース・ひとり語り）');
    const { taskId } = (
      await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, { speakingRate: 1, format: 'monologue', length: 'short' })
    ).json();
    expect((await taskRow(taskId)).payload).toMatchObject({ format: 'monologue', length: 'short' });
    expect((await taskRow(taskId)).payloadVersion).toBe(2);
    await workers();
    await reaches(taskId, 'completed');
    const { trackId } = (await taskRow(taskId)).result as { trackId: number };
    const [row] = await suite.t.db.select().from(tracks).where(eq(tracks.id, trackId));
    const speakers = new Set((row.script ?? '').split('\n').map((l) => l.split('：')[0]));
    expect(speakers).toEqual(new Set(['ハルカ']));
  });

  it('#39.2 AI生成 takes format=debate; an unknown length is refused with its message', async () => {
    const inputText = '朝型の生活は、集中しやすい時間を増やします。しかし、夜に力を出せる人もいます。';
    const bad = await suite.t.app.inject({
      method: 'GET',
      url: `/api/generate-content?inputText=${encodeURIComponent(inputText)}&length=long`,
      headers: { cookie: suite.admin },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('番組の長さを選んでください（標準・ショート）');
    await workers();
    const res = await suite.t.app.inject({
      method: 'GET',
      url: `/api/generate-content?inputText=${encodeURIComponent(inputText)}&format=debate`,
      headers: { cookie: suite.admin },
    });
    expect(res.statusCode).toBe(200);
    const complete = res.body.split('\n\n').find((b) => b.startsWith('event: complete')) as string;
    const { trackId } = JSON.parse(complete.split('\n')[1].slice('data: '.length)) as { trackId: number };
    const [row] = await suite.t.db.select().from(tracks).where(eq(tracks.id, trackId));
    expect(row.script).toContain('ハルカ：ハルカです。今日は');
    expect(row.script).toContain('私は賛成の立場です。');
    expect(row.script).toContain('ケンタ：しかし、夜に力を出せる人もいます。');
  });
});
