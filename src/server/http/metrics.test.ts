import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../db/schema';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../test/app';
import { countProviderError } from './metrics';

// Issue 16, observability: GET /metrics in Prometheus format, for admins and a configured network only.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /metrics', () => {
  it('answers 401 to a visitor and 403 to a member, with the API messages; nothing is shown', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: expect.stringMatching(/ログイン/) });
    const member = await insertUser(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { cookie: await sessionCookie(t.db, { userId: member.id }) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('mugen_http_request_duration_seconds');
  });

  it('gives an admin request rates and latencies per route pattern, queue depth and age, provider errors', async () => {
    const track = await insertTrack(t, { title: '計測' });
    expect((await t.app.inject({ method: 'GET', url: `/api/tracks/${track.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/tracks/999999' })).statusCode).toBe(404);
    await t.db.insert(tasks).values({ kind: 'metrics-probe', payload: { n: 1 } });
    countProviderError('voicevox', 'quota');
    const admin = await sessionCookie(t.db, { isAdmin: true });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toMatch(/^mugen_http_request_duration_seconds_count\{method="GET",route="\/api\/tracks\/:id",status="200"\} 1$/m);
    expect(text).toMatch(/^mugen_http_request_duration_seconds_count\{method="GET",route="\/api\/tracks\/:id",status="404"\} 1$/m);
    // Route patterns only: the raw URL (with its id) never becomes a label.
    expect(text).not.toContain(`/api/tracks/${track.id}"`);
    expect(text).toMatch(/^mugen_tasks\{kind="metrics-probe",status="queued"\} 1$/m);
    expect(text).toMatch(/^mugen_task_oldest_age_seconds\{kind="metrics-probe",status="queued"\} \d/m);
    expect(text).toMatch(/^mugen_provider_errors_total\{provider="voicevox",kind="quota"\} [1-9]/m);
    expect(text).toMatch(/^mugen_process_resident_memory_bytes \d+/m);
  });

  it('#27.3 shows the event-loop delay (p50, p99, max) since the previous read: ordered p50 ≤ p99 ≤ max, all measured', async () => {
    const admin = await sessionCookie(t.db, { isAdmin: true });
    const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { cookie: admin } })).body;
    const read = (text: string, q: string) =>
      Number(text.match(new RegExp(`^mugen_event_loop_delay_seconds\\{quantile="${q}"\\} (\\S+)$`, 'm'))?.[1]);
    await scrape();
    // The sampler ticks every millisecond: a turning loop between two reads gives it samples.
    let text = '';
    await expect
      .poll(async () => {
        text = await scrape();
        return ['0.5', '0.99', '1'].map((q) => read(text, q) > 0);
      })
      .toEqual([true, true, true]);
    expect(read(text, '0.5')).toBeLessThanOrEqual(read(text, '0.99'));
    expect(read(text, '0.99')).toBeLessThanOrEqual(read(text, '1'));
  });

  it('answers a client of METRICS_ALLOW without a session, and no one else', async () => {
    const open = await createTestApp({ METRICS_ALLOW: '127.0.0.0/8,10.0.0.0/8' });
    try {
      const res = await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('# TYPE mugen_http_request_duration_seconds histogram');
      const outside = await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '192.168.1.20' });
      expect(outside.statusCode).toBe(401);
    } finally {
      await open.close();
    }
  });

  it('behind a trusted proxy, a forged X-Forwarded-For never passes the network allow-list', async () => {
    const proxied = await createTestApp({ METRICS_ALLOW: '10.0.0.0/8', TRUST_PROXY: 'true' });
    try {
      // From the public side: the proxy (127.0.0.1) forwards whatever the caller claimed to be.
      const forged = await proxied.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '10.0.0.5' },
      });
      expect(forged.statusCode).toBe(401);
      // The scraper on the private network calls the instance directly.
      const scraper = await proxied.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
      expect(scraper.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('#36.10 any forwarding header from an allowed network counts as came-through-a-proxy: 401 without an admin session', async () => {
    const open = await createTestApp({ METRICS_ALLOW: '10.0.0.0/8' });
    try {
      const scrape = (headers: Record<string, string>) =>
        open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers });
      expect((await scrape({})).statusCode).toBe(200);
      const forwarded: Record<string, string> = {
        Forwarded: 'for=10.0.0.5',
        'X-Forwarded-For': '10.0.0.5',
        'X-Real-IP': '10.0.0.5',
        'X-Forwarded-Host': 'metrics.internal',
        'X-Forwarded-Proto': 'https',
        'X-Forwarded-Port': '443',
        'True-Client-IP': '10.0.0.5',
        'CF-Connecting-IP': '10.0.0.5',
        'Fastly-Client-IP': '10.0.0.5',
        'X-Client-IP': '10.0.0.5',
        'X-Cluster-Client-IP': '10.0.0.5',
        Via: '1.1 proxy',
      };
      for (const [name, value] of Object.entries(forwarded)) {
        for (const header of [name, name.toLowerCase()]) {
          const res = await scrape({ [header]: value });
          expect(res.statusCode, header).toBe(401);
          expect(res.json(), header).toEqual({ message: 'ログインが必要です' });
        }
      }
      // An admin may read it through the proxy all the same.
      const admin = await sessionCookie(open.db, { isAdmin: true });
      expect((await scrape({ Forwarded: 'for=10.0.0.5', cookie: admin })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('refuses a start with a METRICS_ALLOW that is not a network', async () => {
    await expect(createTestApp({ METRICS_ALLOW: 'intranet' })).rejects.toThrow(/METRICS_ALLOW/);
  });
});
