import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOpenJtalk } from '../../providers/tts/openjtalk';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('GET /health answers status, uptime, memory, database and timestamp', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.uptime).toBeGreaterThan(0);
    expect(body.memory.used).toBeGreaterThan(0);
    expect(body.memory.total).toBeGreaterThanOrEqual(body.memory.used);
    expect(body.database).toEqual({ connected: true });
    expect(Date.parse(body.timestamp)).not.toBeNaN();
  });

  it('#37.1 GET /health says which voice speaks: Open JTalk where installed, else eSpeak NG and why', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/health' })).json();
    const found = findOpenJtalk();
    expect(body.voice).toEqual(
      'files' in found
        ? { speaks: 'open-jtalk', offline: 'open-jtalk', why: null }
        : { speaks: 'espeak', offline: 'espeak', why: `Open JTalk is not installed (${found.missing})` },
    );
  });

  it('GET /ping answers pong', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ping' });
    expect(res.statusCode).toBe(200);
    expect(res.json().pong).toBe(true);
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/tracks', '/api/tracks/{id}', '/api/stream/{id}', '/health']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('answers an unknown API path with a JSON 404 in Japanese', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('ページが見つかりません');
  });
});
