// One load generator process for bench/load: a mixed workload against one instance, printing
// autocannon's JSON figures. Arguments: a JSON config on argv[2].
import autocannon from 'autocannon';

const cfg = JSON.parse(process.argv[2]) as {
  url: string;
  seconds: number;
  connections: number;
  cookies: string[];
  trackIds: number[];
  userIds: string[];
};

let n = 0;
const pick = <T>(xs: T[]) => xs[n++ % xs.length];

const result = await autocannon({
  url: cfg.url,
  connections: cfg.connections,
  duration: cfg.seconds,
  requests: [
    {
      // 40 % catalogue, 30 % stream ranges, 15 % likes, 15 % follows — one of them per request.
      setupRequest: (req) => {
        const r = n % 20;
        const cookie = pick(cfg.cookies);
        if (r < 8) return { ...req, method: 'GET', path: '/api/tracks?limit=50', headers: {} };
        if (r < 14) {
          const start = (n * 7919) % 200_000;
          return {
            ...req,
            method: 'GET',
            path: `/api/stream/${pick(cfg.trackIds)}`,
            headers: { range: `bytes=${start}-${start + 65_535}` },
          };
        }
        if (r < 17)
          return {
            ...req,
            method: r % 2 ? 'POST' : 'DELETE',
            path: `/api/likes/${pick(cfg.trackIds)}`,
            headers: { cookie, origin: cfg.url },
          };
        return {
          ...req,
          method: r % 2 ? 'POST' : 'DELETE',
          path: `/api/users/${pick(cfg.userIds)}/follow`,
          headers: { cookie, origin: cfg.url },
        };
      },
    },
  ],
});
process.stdout.write(
  JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statusCodes: result.statusCodeStats,
  }),
);
