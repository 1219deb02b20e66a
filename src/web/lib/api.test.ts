import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api';

let stored: Record<string, string>;
const calls: { url: string; init: RequestInit }[] = [];

function answer(status: number, body: string, statusText = '') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(body || null, { status, statusText });
    }),
  );
}

beforeEach(() => {
  stored = {};
  calls.length = 0;
  vi.stubGlobal('window', { localStorage: { getItem: (k: string) => stored[k] ?? null } });
});
afterEach(() => vi.unstubAllGlobals());

describe('api (listener spec §7, §8)', () => {
  it('reads JSON with the cookies and no content type when there is no body', async () => {
    answer(200, '[1,2]');
    expect(await api('/api/tracks')).toEqual([1, 2]);
    const { init } = calls[0];
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('a POST without a body carries no JSON content type', async () => {
    answer(200, '{"success":true,"playCount":3}');
    await api('/api/tracks/1/increment-play-count', { method: 'POST' });
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(calls[0].init.body).toBeUndefined();
  });

  it('a body is sent as JSON with its content type', async () => {
    answer(200, '{}');
    await api('/api/x', { method: 'PATCH', body: { isVisible: false } });
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(calls[0].init.body).toBe('{"isVisible":false}');
  });

  it('a non-OK answer throws "status: text" (L-8-01)', async () => {
    answer(500, 'boom');
    await expect(api('/api/tracks')).rejects.toThrow('500: boom');
    answer(404, '', 'Not Found');
    const err = await api('/api/tracks/9').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
    expect((err as Error).message).toBe('404: Not Found');
  });

  it('sends the persisted user id header when one is stored', async () => {
    stored.mugen_user_id = 'u-1';
    answer(200, '{}');
    await api('/api/x');
    expect((calls[0].init.headers as Record<string, string>)['x-persisted-user-id']).toBe('u-1');
  });

  it('an empty answer reads as undefined', async () => {
    answer(204, '');
    expect(await api('/api/x', { method: 'DELETE' })).toBeUndefined();
  });

  it('the first GET of a path index.html asked for early uses that answer, once', async () => {
    answer(200, '"again"');
    const early = { '/api/tracks': Promise.resolve(new Response('"early"')) } as Record<string, Promise<Response>>;
    vi.stubGlobal('window', { localStorage: { getItem: () => null }, __mugenEarly: early });
    expect(await api('/api/tracks')).toBe('early');
    expect(calls).toHaveLength(0);
    expect(await api('/api/tracks')).toBe('again');
    expect(calls).toHaveLength(1);
  });

  it('an early request that failed is asked again; a POST never takes an early answer', async () => {
    answer(200, '"fresh"');
    const early = {
      '/api/tracks': Promise.reject(new TypeError('offline')),
      '/api/x': Promise.resolve(new Response('"early"')),
    } as Record<string, Promise<Response>>;
    early['/api/tracks'].catch(() => {});
    vi.stubGlobal('window', { localStorage: { getItem: () => null }, __mugenEarly: early });
    expect(await api('/api/tracks')).toBe('fresh');
    expect(await api('/api/x', { method: 'POST' })).toBe('fresh');
    expect(calls.map((c) => c.url)).toEqual(['/api/tracks', '/api/x']);
  });
});
