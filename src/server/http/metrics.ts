import { BlockList, isIP } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import { MESSAGES } from '../../shared/messages/api';
import { rowsOf } from '../db/client';
import type { AppDeps } from '../types';
import { sendError } from './errors';
import { viewerOf } from './guards';

/**
 * Provider failures (script writer, voice) by provider and kind, process-wide: counted where a
 * provider call fails, read by every app instance's /metrics.
 */
const providerRegistry = new client.Registry();
const providerErrors = new client.Counter({
  name: 'mugen_provider_errors_total',
  help: 'Failed calls to an AI provider, by provider and kind (quota, timeout, malformed, unavailable, rejected, config, other)',
  labelNames: ['provider', 'kind'] as const,
  registers: [providerRegistry],
});

export function countProviderError(provider: string, kind: string) {
  providerErrors.inc({ provider, kind });
}

const pushFailures = new client.Counter({
  name: 'mugen_push_failures_total',
  help: 'Web pushes a push service did not accept, by service (fcm, apple, mozilla, windows, chromium, other) and reason (HTTP status, dns, network, timeout)',
  labelNames: ['service', 'reason'] as const,
  registers: [providerRegistry],
});

/** A push the service refused or could not be reached for (#29.7): Apple's 403 BadJwtToken shows here. */
export function countPushFailure(service: string, reason: string) {
  pushFailures.inc({ service, reason });
}

function allowList(cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const c of cidrs) {
    const [addr, bits] = c.split('/');
    const type = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return list;
}

/**
 * Headers a proxy adds to what it forwards (or a caller writes to look forwarded): RFC 7239's Forwarded
 * and Via, the X-Forwarded-* family, and the client-address headers of nginx, Akamai, Cloudflare,
 * Fastly and kin. A request carrying any of them did not come straight from its peer (#36.10).
 */
const FORWARDING_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'cf-connecting-ipv6',
  'fastly-client-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
  'x-proxyuser-ip',
]);

const cameThroughProxy = (headers: Record<string, unknown>) =>
  Object.keys(headers).some((name) => {
    const lower = name.toLowerCase();
    return FORWARDING_HEADERS.has(lower) || lower.startsWith('x-forwarded-');
  });

function allowed(list: BlockList, ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const family = isIP(v4);
  return family !== 0 && list.check(v4, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * GET /metrics in Prometheus' text format (issue 16): request rates and latencies per route (the route's
 * pattern, never the raw URL), the task queue's depth and oldest age per status, provider errors and
 * the process' own figures. Answered to admins and to clients of METRICS_ALLOW; a visitor gets 401 and
 * a member 403, as the API answers.
 */
export function registerMetrics(app: FastifyInstance, { config, db }: Pick<AppDeps, 'config' | 'db'>) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'mugen_' });
  // The event-loop delay since the previous read (issue 27.3: nothing may hold the loop for more than
  // 20 ms in steady state; bench/load and bench/tails print it). prom-client's own
  // mugen_nodejs_eventloop_lag_p99_seconds and kin show the window before the previous read (its gauges are
  // written when the last of them is collected), so this one is read and reset in one step. Sampled every
  // millisecond: an idle loop shows about 1 ms.
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  app.addHook('onClose', async () => loop.disable());
  new client.Gauge({
    name: 'mugen_event_loop_delay_seconds',
    help: 'Event-loop delay since the previous scrape: quantile 0.5, 0.99 and 1 (the longest)',
    labelNames: ['quantile'] as const,
    registers: [registry],
    collect() {
      const count = loop.count;
      this.set({ quantile: '0.5' }, count ? loop.percentile(50) / 1e9 : 0);
      this.set({ quantile: '0.99' }, count ? loop.percentile(99) / 1e9 : 0);
      this.set({ quantile: '1' }, count ? loop.max / 1e9 : 0);
      loop.reset();
    },
  });
  const duration = new client.Histogram({
    name: 'mugen_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their duration',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const depth = new client.Gauge({
    name: 'mugen_tasks',
    help: 'Tasks of the queue by kind and status',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
  });
  const oldest = new client.Gauge({
    name: 'mugen_task_oldest_age_seconds',
    help: 'Age of the oldest task waiting (queued) or running (processing), by kind',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
  });

  async function readQueue() {
    const rows = rowsOf<{ kind: string; status: string; n: number | string; age: number | string | null }>(
      await db.execute(sql`
        select kind, status, count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as age
        from tasks
        where status in ('queued', 'processing') or updated_at > now() - interval '1 day'
        group by kind, status`),
    );
    depth.reset();
    oldest.reset();
    for (const r of rows) {
      depth.set({ kind: r.kind, status: r.status }, Number(r.n));
      if ((r.status === 'queued' || r.status === 'processing') && r.age !== null)
        oldest.set({ kind: r.kind, status: r.status }, Number(r.age));
    }
  }

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    // Requests no route answered (static files, the app's pages, 404s) share one label: unbounded URLs never become labels.
    duration.observe({ method: request.method, route: route ?? 'other', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  const networks = allowList(config.metricsAllow);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // The network allow-list trusts only the connection's own peer (a scraper on the private network
    // calling an instance directly), never an address header a caller could write: a request that came
    // through the public proxy carries one (whichever the proxy writes) and must be an admin's.
    const direct = !cameThroughProxy(request.headers);
    if (!(direct && allowed(networks, request.socket.remoteAddress ?? ''))) {
      const viewer = await viewerOf(request);
      if (!viewer) return sendError(reply, 401, MESSAGES.loginRequired);
      if (!viewer.isAdmin) return sendError(reply, 403, MESSAGES.forbidden);
    }
    await readQueue();
    const merged = client.Registry.merge([registry, providerRegistry]);
    return reply
      .header('Content-Type', merged.contentType)
      .header('Cache-Control', 'no-store')
      .send(await merged.metrics());
  });
}
