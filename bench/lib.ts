import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { tracks } from '../src/server/db/schema';
import { createLocalStorage } from '../src/server/providers/storage/local';
import type { StorageProvider } from '../src/server/providers/storage/types';
import { testDatabaseUrl, withDatabase } from '../src/server/test/template';
import { DAY_MS } from '../src/shared/constants';

const AUTOCANNON = path.resolve('node_modules/.bin/autocannon');

export const DURATION_S = Number(process.env.BENCH_SECONDS || 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);

export interface BenchApp {
  app: FastifyInstance;
  database: Database;
  storage: StorageProvider;
  url: string;
  close(): Promise<void>;
}

/** The real app on loopback, on a fresh embedded database in a temporary folder. */
export async function startApp(
  prepare?: (b: Omit<BenchApp, 'url' | 'close' | 'app'>) => Promise<void>,
  extraRoutes?: (app: FastifyInstance) => void,
  opts: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<BenchApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-bench-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_SCALE: '0',
      PUSH_POLL_MS: '0',
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      ...opts.env,
    },
    { webDir: undefined },
  );
  const database = await openDatabase(config);
  await database.migrate();
  const storage = createLocalStorage(path.join(dataDir, 'media'));
  await prepare?.({ database, storage });
  const app = await buildApp(config, { database, storage });
  extraRoutes?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    app,
    database,
    storage,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Figures {
  requestsPerSec: number;
  bytesPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon in its own process, so the load generator does not share the server's event loop. */
export async function load(
  url: string,
  opts: { headers?: Record<string, string>; connections?: number; duration?: number } = {},
): Promise<Figures> {
  const args = ['-j', '-c', String(opts.connections ?? CONNECTIONS), '-d', String(opts.duration ?? DURATION_S)];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  args.push(url);
  const out = await new Promise<string>((resolve, reject) => {
    execFile(AUTOCANNON, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
  const r = JSON.parse(out);
  return {
    requestsPerSec: r.requests.average,
    bytesPerSec: r.throughput.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** wrk (C, one thread, as issue 27 measured from outside) when it is installed (`apt-get install wrk`). */
export const WRK = (process.env.PATH ?? '')
  .split(':')
  .map((dir) => path.join(dir, 'wrk'))
  .find((file) => existsSync(file));

/** wrk's duration and size units, in ms and bytes. */
const ms = (v: string) => {
  const [, n, unit] = v.match(/^([\d.]+)(us|ms|s|m)$/) ?? [];
  return Number(n) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? Number.NaN);
};
const bytes = (v: string) => {
  const [, n, unit] = v.match(/^([\d.]+)(B|KB|MB|GB)?$/) ?? [];
  return Number(n) * ({ B: 1, KB: 1024, MB: 1_048_576, GB: 1_073_741_824 }[unit || 'B'] ?? Number.NaN);
};

/**
 * The same figures from wrk -t1 (a C load generator: a Node one such as autocannon spends a core parsing
 * 72 kB answers and becomes the bottleneck itself, which shows as the server's tail). Falls back to
 * autocannon when wrk is not installed.
 */
export async function loadWithWrk(
  url: string,
  opts: { headers?: Record<string, string>; connections?: number; duration?: number } = {},
): Promise<Figures & { generator: string }> {
  if (!WRK) return { ...(await load(url, opts)), generator: 'autocannon' };
  const args = ['-t1', '-c', String(opts.connections ?? CONNECTIONS), '-d', `${opts.duration ?? DURATION_S}s`, '--latency'];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}: ${v}`);
  args.push(url);
  const out = await new Promise<string>((resolve, reject) => {
    execFile(WRK, args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
  const field = (re: RegExp) => out.match(re)?.[1] ?? '';
  const socket = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    requestsPerSec: Number(field(/Requests\/sec:\s+(\S+)/)),
    bytesPerSec: bytes(field(/Transfer\/sec:\s+(\S+)/)),
    p50: ms(field(/^\s+50%\s+(\S+)/m)),
    p99: ms(field(/^\s+99%\s+(\S+)/m)),
    errors: socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0,
    non2xx: Number(field(/Non-2xx or 3xx responses: (\d+)/) || 0),
    generator: 'wrk',
  };
}

export const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB/s`;

/** The figures of each case as a table; `extra` names further columns the rows carry. */
export function printTable<R extends Figures>(title: string, rows: Record<string, R>, extra: (keyof R & string)[] = []) {
  console.log(`\n${title}`);
  console.table(
    Object.fromEntries(
      Object.entries(rows).map(([k, f]) => [
        k,
        {
          'req/s': Math.round(f.requestsPerSec),
          throughput: mb(f.bytesPerSec),
          'p50 ms': f.p50,
          'p99 ms': f.p99,
          errors: f.errors,
          non2xx: f.non2xx,
          ...Object.fromEntries(extra.map((column) => [column, f[column]])),
        },
      ]),
    ),
  );
}

/** The CPU time (user and system) a process has used so far, in seconds; null where /proc cannot tell (not Linux). */
export function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * The event-loop delay a server measured since the previous read, in ms (GET /metrics,
 * mugen_event_loop_delay_seconds; the server must allow the caller, e.g. METRICS_ALLOW=127.0.0.1/32).
 */
export async function eventLoopDelay(url: string): Promise<{ p50: number; p99: number; max: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const read = (q: string) =>
    Number(text.match(new RegExp(`^mugen_event_loop_delay_seconds\\{quantile="${q}"\\} (\\S+)$`, 'm'))?.[1] ?? Number.NaN) * 1000;
  return { p50: read('0.5'), p99: read('0.99'), max: read('1') };
}

export const loopColumns = (l: { p50: number; p99: number; max: number }) => ({
  'loop p50 ms': l.p50.toFixed(1),
  'loop p99 ms': l.p99.toFixed(1),
  'loop max ms': l.max.toFixed(1),
});

/**
 * Seeds `count` visible tracks of the catalogue's benchmarks, 1,000 a statement: two categories, plays,
 * likes and impressions spread so the ranking has work to do, uploads over the past year.
 */
export async function seedBenchTracks(
  db: Database['db'],
  count: number,
  /** Fields of track `n` that differ from the default ones (a programme's mix of creators, categories, premium). */
  vary: (n: number) => Partial<typeof tracks.$inferInsert> = () => ({}),
): Promise<void> {
  for (let i = 0; i < count; i += 1000) {
    await db.insert(tracks).values(
      Array.from({ length: Math.min(1000, count - i) }, (_, j) => {
        const n = i + j;
        return {
          title: `ベンチマーク用の音声 ${n}`,
          filename: `bench-${n}.mp3`,
          duration: 180 + (n % 120),
          createdBy: 'mugen',
          category: n % 3 ? 'ニュース' : '科学',
          playCount: (n * 7919) % 5000,
          likeCount: (n * 104729) % 300,
          impressionCount: (n * 31) % 9000,
          uploadedAt: new Date(Date.now() - (n % 365) * DAY_MS),
          ...vary(n),
        };
      }),
    );
  }
}

/**
 * A fresh database on the PostgreSQL server of TEST_DATABASE_URL (default: the local one), dropped by
 * `drop`; null when the server does not answer.
 */
export async function freshPostgresDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  await admin.query(`create database ${name}`);
  return {
    url: withDatabase(testDatabaseUrl(), name),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The q-quantile (0..1) of a list of numbers. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
