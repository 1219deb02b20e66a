import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLog } from './request-log';

function appWithLog(disableRequestLogging = false) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    logController: new RequestLog({ disableRequestLogging }),
  });
  app.get('/tracks', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  return { app, lines };
}

describe('#27.2 the request log: one line per request', () => {
  it('writes one line when a request is answered, with its id, method, path, status and time', async () => {
    const { app, lines } = appWithLog();
    const res = await app.inject({ method: 'GET', url: '/tracks?limit=5' });
    expect(res.statusCode).toBe(200);
    const requestLines = lines.filter((l) => l.reqId !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/tracks?limit=5' },
      res: { statusCode: 200 },
    });
    expect(typeof requestLines[0].responseTime).toBe('number');
    await app.close();
  });

  it('a failed request is still one request line (and its error line), a 500 at the error level', async () => {
    const { app, lines } = appWithLog();
    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ res: { statusCode: 500 } });
    expect(lines.some((l) => l.level === 50 && (l.err as { message?: string })?.message === 'boom')).toBe(true);
    await app.close();
  });

  it('writes none when request logging is off (development, tests)', async () => {
    const { app, lines } = appWithLog(true);
    await app.inject({ method: 'GET', url: '/tracks' });
    expect(lines.filter((l) => l.reqId !== undefined)).toHaveLength(0);
    await app.close();
  });
});
