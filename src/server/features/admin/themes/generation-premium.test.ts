import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tracks } from '../../../db/schema';
import { approvedTheme } from '../../../test/generation-kit';
import { generationSuite } from './generation-kit';

// Issue 40.5: the operator's generation can publish premium-only, from a theme and from AI生成's form.

const suite = generationSuite();
const { workers, call, taskRow } = suite;

const reaches = (taskId: number, status: string) =>
  expect.poll(async () => (await taskRow(taskId)).status, { timeout: 20_000 }).toBe(status);
const trackOf = async (taskId: number) => {
  const result = (await taskRow(taskId)).result as { trackId: number };
  const [row] = await suite.t.db.select().from(tracks).where(eq(tracks.id, result.trackId));
  return row;
};

describe('publishing premium-only from the console (#40.5)', () => {
  it('#40.5 a theme’s generation with premiumOnly publishes a premium-only track; without it, one open to all', async () => {
    const limited = await approvedTheme(suite.t.db, { title: '限定のテーマ' });
    const open = await approvedTheme(suite.t.db, { title: '公開のテーマ' });
    const a = (await call('POST', `/api/admin/themes/${limited.id}/generate-audio`, { speakingRate: 1, premiumOnly: true })).json();
    const b = (await call('POST', `/api/admin/themes/${open.id}/generate-audio`, { speakingRate: 1 })).json();
    expect((await taskRow(a.taskId)).payload).toEqual({
      themeId: limited.id,
      inputText: null,
      speakingRate: 1,
      premiumOnly: true,
      format: 'dialogue',
      length: 'standard',
    });
    await workers();
    await reaches(a.taskId, 'completed');
    await reaches(b.taskId, 'completed');
    expect(await trackOf(a.taskId)).toMatchObject({ title: '限定のテーマ', isPremiumOnly: true, isVisible: true });
    expect(await trackOf(b.taskId)).toMatchObject({ title: '公開のテーマ', isPremiumOnly: false });
    // A visitor's stream of the premium-only one is refused.
    const stream = await suite.t.app.inject({ method: 'GET', url: `/api/stream/${(await trackOf(a.taskId)).id}` });
    expect(stream.statusCode).toBe(403);
    expect(stream.json().reason).toBe('premium_only');
  });

  it('#40.5 AI生成 with premiumOnly=true publishes premium-only; another value is refused with its message', async () => {
    await workers();
    const inputText = '限定の話です。会員のための特別な内容をお届けします。';
    const res = await suite.t.app.inject({
      method: 'GET',
      url: `/api/generate-content?inputText=${encodeURIComponent(inputText)}&premiumOnly=true`,
      headers: { cookie: suite.admin },
    });
    expect(res.statusCode).toBe(200);
    const complete = res.body.split('\n\n').find((b) => b.startsWith('event: complete')) as string;
    const { trackId } = JSON.parse(complete.split('\n')[1].slice('data: '.length)) as { trackId: number };
    const [row] = await suite.t.db.select().from(tracks).where(eq(tracks.id, trackId));
    expect(row.isPremiumOnly).toBe(true);

    const bad = await suite.t.app.inject({
      method: 'GET',
      url: `/api/generate-content?inputText=${encodeURIComponent(inputText)}&premiumOnly=yes`,
      headers: { cookie: suite.admin },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('プレミアム限定の指定は true か false で送ってください');
  });
});
