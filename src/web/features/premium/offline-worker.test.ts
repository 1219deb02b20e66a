import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

/**
 * The service worker's offline audio (public/service-worker.js, issue 17): a kept track's stream is
 * answered from Cache Storage, Range requests with 206 and Content-Range, so it plays with the network
 * cut; other streams are left to the network. The worker runs here in a context of its own with a
 * Cache Storage in memory.
 */
const WORKER = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../public/service-worker.js'), 'utf8');
const ORIGIN = 'http://mugen.test';

class MemoryCache {
  readonly entries = new Map<string, Response>();
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async match(request: string | Request) {
    return this.entries.get(new URL(typeof request === 'string' ? request : request.url, ORIGIN).href)?.clone();
  }
  async put(request: string | Request, response: Response) {
    this.entries.set(new URL(typeof request === 'string' ? request : request.url, ORIGIN).href, response);
  }
  async delete(request: string | Request) {
    return this.entries.delete(new URL(typeof request === 'string' ? request : request.url, ORIGIN).href);
  }
  async addAll(_requests: Request[]) {}
}

function startWorker({
  kept = {} as Record<number, Uint8Array<ArrayBuffer>>,
  network = (_url: string) => new Response(null, { status: 503 }),
} = {}) {
  const stores = new Map<string, MemoryCache>();
  const open = async (name: string) => {
    let c = stores.get(name);
    if (!c) {
      c = new MemoryCache();
      stores.set(name, c);
    }
    return c;
  };
  const audio = new MemoryCache();
  for (const [id, bytes] of Object.entries(kept)) {
    audio.entries.set(`${ORIGIN}/api/stream/${id}`, new Response(bytes, { headers: { 'Content-Type': 'audio/mpeg' } }));
  }
  if (audio.entries.size > 0) stores.set('mugen-audio-offline', audio);
  const listeners = new Map<string, (event: unknown) => void>();
  const fetched: string[] = [];
  const context = vm.createContext({
    self: {
      location: new URL(`${ORIGIN}/service-worker.js?v=test`),
      addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
      registration: {},
      clients: {},
      skipWaiting: async () => {},
    },
    caches: {
      open,
      keys: async () => [...stores.keys()],
      has: async (name: string) => stores.has(name),
      delete: async (name: string) => stores.delete(name),
      match: async (request: string, { cacheName }: { cacheName: string }) => stores.get(cacheName)?.match(request),
    },
    fetch: async (input: string | Request) => {
      const url = new URL(typeof input === 'string' ? input : input.url, ORIGIN).href;
      fetched.push(url);
      return network(url);
    },
    URL,
    Request,
    Response,
    Blob,
    console,
  });
  vm.runInContext(WORKER, context);
  const ready = vm.runInContext('keptReady', context) as Promise<void>;

  /** The worker's answer to a GET, or null when it lets the network answer. */
  async function get(pathname: string, range?: string): Promise<Response | null> {
    let answer: Promise<Response> | null = null;
    const request = new Request(`${ORIGIN}${pathname}`, { headers: range ? { Range: range } : {} });
    listeners.get('fetch')?.({ request, respondWith: (p: Promise<Response>) => (answer = p) });
    return answer ? await answer : null;
  }

  /** A message from the page, with the worker's answer on its port. */
  function message(data: unknown): Promise<{ ok: boolean; error?: string }> {
    return new Promise((resolve) => {
      const waits: Promise<unknown>[] = [];
      listeners.get('message')?.({ data, ports: [{ postMessage: resolve }], waitUntil: (p: Promise<unknown>) => waits.push(p) });
    });
  }

  /** The install event, with the rules the worker hands to addRoutes (static routing). */
  async function install(): Promise<unknown> {
    let routes: unknown = null;
    const waits: Promise<unknown>[] = [];
    listeners.get('install')?.({ addRoutes: async (r: unknown) => (routes = r), waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
    return routes;
  }

  return { ready, get, message, install, fetched, stores };
}

const bytes = (n: number) => new Uint8Array(n).map((_, i) => i % 251);

describe('offline audio in the service worker (issue 17, L-1-07)', () => {
  it('answers a kept track from the cache: ranges with 206 and Content-Range, no range with 200', async () => {
    const w = startWorker({ kept: { 7: bytes(1000) } });
    await w.ready;

    const part = await w.get('/api/stream/7', 'bytes=100-199');
    expect(part?.status).toBe(206);
    expect(part?.headers.get('Content-Range')).toBe('bytes 100-199/1000');
    expect(part?.headers.get('Content-Length')).toBe('100');
    expect(part?.headers.get('Content-Type')).toBe('audio/mpeg');
    expect([...new Uint8Array(await part!.arrayBuffer())]).toEqual([...bytes(1000).slice(100, 200)]);

    const open = await w.get('/api/stream/7', 'bytes=900-');
    expect(open?.headers.get('Content-Range')).toBe('bytes 900-999/1000');
    const suffix = await w.get('/api/stream/7', 'bytes=-100');
    expect(suffix?.headers.get('Content-Range')).toBe('bytes 900-999/1000');
    const beyond = await w.get('/api/stream/7', 'bytes=0-5000');
    expect(beyond?.headers.get('Content-Range')).toBe('bytes 0-999/1000');

    const refused = await w.get('/api/stream/7', 'bytes=1000-');
    expect(refused?.status).toBe(416);
    expect(refused?.headers.get('Content-Range')).toBe('bytes */1000');

    const whole = await w.get('/api/stream/7?quality=high');
    expect(whole?.status).toBe(200);
    expect(whole?.headers.get('Accept-Ranges')).toBe('bytes');
    expect((await whole!.arrayBuffer()).byteLength).toBe(1000);
    expect(w.fetched).toEqual([]);
  });

  it('leaves any other stream and the API to the network', async () => {
    const w = startWorker({ kept: { 7: bytes(10) } });
    await w.ready;
    expect(await w.get('/api/stream/8', 'bytes=0-')).toBeNull();
    expect(await w.get('/api/tracks')).toBeNull();
    expect(await w.get('/api/stream/7/extra')).toBeNull();
  });

  it('keeps a track on request (the whole file, the premium variant asked from the app itself: #29.6 for=keep), then answers it; drop and clear remove it', async () => {
    const w = startWorker({
      network: (url) =>
        url === `${ORIGIN}/api/stream/9?quality=high&for=keep`
          ? new Response(bytes(300), { headers: { 'Content-Type': 'audio/mpeg' } })
          : new Response(null, { status: 404 }),
    });
    await w.ready;
    expect(await w.get('/api/stream/9', 'bytes=0-')).toBeNull();
    // Nothing kept: the worker has not made the cache (the shell's is the only one of a visitor).
    expect(w.stores.has('mugen-audio-offline')).toBe(false);

    expect(await w.message({ type: 'offline-audio:keep', id: 9 })).toEqual({ ok: true });
    const part = await w.get('/api/stream/9', 'bytes=0-');
    expect(part?.status).toBe(206);
    expect(part?.headers.get('Content-Range')).toBe('bytes 0-299/300');

    expect(await w.message({ type: 'offline-audio:keep', id: 10 })).toEqual({ ok: false, error: 'the stream answered 404' });
    expect(await w.get('/api/stream/10')).toBeNull();

    expect(await w.message({ type: 'offline-audio:drop', id: 9 })).toEqual({ ok: true });
    expect(await w.get('/api/stream/9')).toBeNull();
    expect(w.stores.has('mugen-audio-offline')).toBe(false);

    expect(await w.message({ type: 'offline-audio:keep', id: 9 })).toEqual({ ok: true });
    expect(await w.message({ type: 'offline-audio:clear' })).toEqual({ ok: true });
    expect(await w.get('/api/stream/9')).toBeNull();
    expect(w.stores.has('mugen-audio-offline')).toBe(false);
  });

  it("#40.2: a programme's segue is kept beside the kept tracks, answered from the cache with ranges, and goes with the last track", async () => {
    const w = startWorker({
      kept: { 7: bytes(10) },
      network: (url) =>
        url.endsWith('/api/radio/segues/5/audio')
          ? new Response(bytes(300), { headers: { 'Content-Type': 'audio/mpeg' } })
          : new Response(null, { status: 404 }),
    });
    await w.ready;
    expect(await w.get('/api/radio/segues/5/audio')).toBeNull();
    expect(await w.message({ type: 'offline-audio:keep-segue', id: 5 })).toEqual({ ok: true });
    expect(await w.message({ type: 'offline-audio:keep-segue', id: 6 })).toEqual({ ok: false, error: 'the segue answered 404' });
    const part = await w.get('/api/radio/segues/5/audio', 'bytes=0-99');
    expect([part?.status, part?.headers.get('Content-Range')]).toEqual([206, 'bytes 0-99/300']);
    expect(w.fetched).toEqual([`${ORIGIN}/api/radio/segues/5/audio`, `${ORIGIN}/api/radio/segues/6/audio`]);
    expect(await w.message({ type: 'offline-audio:drop', id: 7 })).toEqual({ ok: true });
    expect(await w.get('/api/radio/segues/5/audio')).toBeNull();
  });

  it('while the kept list is still being read, a stream request waits for it and falls back to the network', async () => {
    const w = startWorker({ kept: { 7: bytes(10) }, network: () => new Response('net', { status: 200 }) });
    const early = await w.get('/api/stream/8');
    expect(await early?.text()).toBe('net');
    const kept = await w.get('/api/stream/7', 'bytes=0-1');
    expect(kept?.status).toBe(206);
  });
});

type Condition = { urlPattern?: { pathname: string }; requestMethod?: string; not?: Condition; or?: Condition[] };
type Rule = { condition: Condition; source: string };

/** The browser's reading of the rules (first match wins), for the patterns the worker uses. */
function routeOf(rules: Rule[], method: string, pathname: string): string {
  const matches = (c: Condition): boolean =>
    (c.urlPattern === undefined || new RegExp(`^${c.urlPattern.pathname.replaceAll('*', '.*')}$`).test(pathname)) &&
    (c.requestMethod === undefined || c.requestMethod === method) &&
    (c.not === undefined || !matches(c.not)) &&
    (c.or === undefined || c.or.some(matches));
  return rules.find((r) => matches(r.condition))?.source ?? 'fetch-event';
}

describe('static routes of the service worker (#27.7)', () => {
  it('#27.7: writes and the API bypass the worker (a report sent as the page goes is not handed to it); the stream, the shell and pages still reach it', async () => {
    const rules = (await startWorker().install()) as Rule[];
    expect(routeOf(rules, 'POST', '/api/listening-history')).toBe('network');
    expect(routeOf(rules, 'DELETE', '/api/playlists/3')).toBe('network');
    expect(routeOf(rules, 'GET', '/api/tracks')).toBe('network');
    expect(routeOf(rules, 'GET', '/uploads/a.jpg')).toBe('network');
    expect(routeOf(rules, 'GET', '/health')).toBe('network');
    expect(routeOf(rules, 'GET', '/api/stream/7')).toBe('fetch-event');
    expect(routeOf(rules, 'GET', '/api/radio/segues/5/audio')).toBe('fetch-event');
    expect(routeOf(rules, 'GET', '/api/radio/programme')).toBe('network');
    expect(routeOf(rules, 'GET', '/assets/index-abc.js')).toBe('fetch-event');
    expect(routeOf(rules, 'GET', '/playlists/3')).toBe('fetch-event');
  });
});
