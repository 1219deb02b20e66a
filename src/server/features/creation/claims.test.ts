import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptLines } from '../../../shared/rules/transcript';
import { scriptChecks, tracks } from '../../db/schema';
import { createTestApp, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { fakeRender } from '../../test/generation-kit';
import { whileWorkersRun } from '../../test/workers';
import { deleteOldChecks, rememberCheck, SCRIPT_CHECK_TTL_MS } from './claims';
import type { CreationVoice } from './voice';

// Issue 25.2: the claims of the fact check stay with the published track and are served with its
// transcript, each on the transcript line that says it.
let t: TestApp;
const voice: CreationVoice = async () => ({ mp3: Buffer.from('ID3-preview'), duration: 30 });
/** Speaks each line of the script one second apart (as the real renderer, blank lines are not lines). */
const { render } = fakeRender({
  lines: (script) => scriptLines(script).map((l, i) => ({ speaker: l.speaker, text: l.text, startMs: i * 1000, endMs: i * 1000 + 900 })),
});

beforeAll(async () => {
  t = await createTestApp({}, {}, { voice });
});
afterAll(() => t.close());

const STATISTIC = '厚生労働省の統計によると、銭湯は一九六八年ごろの約一万八千軒をピークに減り続けています。';
const REDIRECT = 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQH0aaa';

async function publishScript(cookie: string, script: string): Promise<number> {
  const preview = (
    await t.app.inject({
      method: 'POST',
      url: '/api/generate-audio-preview',
      headers: { cookie },
      payload: { script, title: '銭湯', speakingRate: 1 },
    })
  ).json();
  const published = await t.app.inject({
    method: 'POST',
    url: '/api/publish-track',
    headers: { cookie },
    payload: { previewFilename: preview.previewFilename, title: '銭湯', script, labels: [], agreedToTerms: true },
  });
  expect(published.statusCode, published.body).toBe(200);
  const { taskId } = published.json();
  await whileWorkersRun(t, { render }, () =>
    expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: `/api/audio-tasks/${taskId}`, headers: { cookie } })).json().status, {
        timeout: 20_000,
      })
      .toBe('completed'),
  );
  return (await t.app.inject({ method: 'GET', url: `/api/audio-tasks/${taskId}`, headers: { cookie } })).json().trackId;
}

const transcript = async (id: number, cookie: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/tracks/${id}/transcript`, headers: { cookie } })).json();

describe('#25.2 a published track serves its claims with the transcript', () => {
  it('#25.2 the script the server checked keeps its check: claims and sources on the transcript lines (blank script lines skipped)', async () => {
    const user = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: user.id });
    const script = `ハルカ：こんにちは、ハルカです。\n\nケンタ：${STATISTIC}\nハルカ：自宅に風呂があるのが当たり前になったことが一番の理由です。`;
    // As a grounded generate-script leaves it (Gemini: the claim on script line 2, its source the grounding's page).
    await rememberCheck(t.db, user.id, script, [
      { text: STATISTIC, line: 2, status: 'verified', sources: [{ title: 'mhlw.go.jp', url: REDIRECT }] },
    ]);
    const trackId = await publishScript(cookie, script);
    const [row] = await t.db.select({ claims: tracks.claims }).from(tracks).where(eq(tracks.id, trackId));
    expect(row.claims).toEqual([{ text: STATISTIC, line: 2, status: 'verified', sources: [{ title: 'mhlw.go.jp', url: REDIRECT }] }]);
    const served = await transcript(trackId, cookie);
    expect(served.lines.map((l: { text: string }) => l.text)).toEqual([
      'こんにちは、ハルカです。',
      STATISTIC,
      '自宅に風呂があるのが当たり前になったことが一番の理由です。',
    ]);
    expect(served.claims).toEqual([{ text: STATISTIC, line: 1, status: 'verified', sources: [{ title: 'mhlw.go.jp', url: REDIRECT }] }]);
  });

  it('#25.2 offline end to end: generate-script, preview, publish; the claim needs a source, the opinion about causes is not one', async () => {
    const user = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: user.id });
    const generated = await t.app.inject({
      method: 'POST',
      url: '/api/generate-script',
      headers: { cookie },
      payload: { inputText: `${STATISTIC}自宅に風呂があるのが当たり前になったことが一番の理由です。`, title: '銭湯' },
    });
    expect(generated.statusCode).toBe(200);
    const { script, factCheck } = generated.json();
    const lines: string[] = script.split('\n');
    const stated = factCheck.claims.filter((c: { text: string }) => c.text.includes('一万八千軒'));
    expect(stated).toHaveLength(1);
    expect(lines[stated[0].line]).toContain(stated[0].text);
    expect(factCheck.claims.filter((c: { text: string }) => c.text.includes('一番の理由'))).toEqual([]);
    const trackId = await publishScript(cookie, script);
    const served = await transcript(trackId, cookie);
    expect(served.claims).toEqual(factCheck.claims);
    expect(served.claims.every((c: { status: string; sources: unknown[] }) => c.status === 'needs_source' && c.sources.length === 0)).toBe(
      true,
    );
    expect(served.lines[stated[0].line].text).toContain(stated[0].text);
  });

  it('#25.2 a script changed after its check is checked again offline: no source carried over', async () => {
    const user = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: user.id });
    const checked = `ハルカ：こんにちは。\nケンタ：${STATISTIC}`;
    await rememberCheck(t.db, user.id, checked, [
      { text: STATISTIC, line: 1, status: 'verified', sources: [{ title: 'mhlw.go.jp', url: REDIRECT }] },
    ]);
    const trackId = await publishScript(cookie, `${checked}\nハルカ：今では二千軒を下回っています。`);
    expect((await transcript(trackId, cookie)).claims).toEqual([
      { text: STATISTIC, line: 1, status: 'needs_source', sources: [] },
      { text: '今では二千軒を下回っています。', line: 2, status: 'needs_source', sources: [] },
    ]);
  });

  it('#25.2 remembered checks are kept a day, then swept', async () => {
    const user = await insertUser(t.db);
    const now = new Date();
    await rememberCheck(t.db, user.id, 'ハルカ：古い。', [], new Date(now.getTime() - SCRIPT_CHECK_TTL_MS - 1000));
    await rememberCheck(t.db, user.id, 'ハルカ：新しい。', [], now);
    expect(await deleteOldChecks(t.db, now)).toBe(1);
    expect(await t.db.select().from(scriptChecks).where(eq(scriptChecks.userId, user.id))).toHaveLength(1);
  });
});
