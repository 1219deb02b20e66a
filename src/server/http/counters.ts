import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { type Db, rowsOf } from '../db/client';

/**
 * Fixed-window counters that every app instance shares (issue 24): the rate limits of every route and
 * the operator sign-in's lockout. PostgreSQL (the `rate_counters` table, PGlite alike) by default, Redis
 * when REDIS_URL is set. A hit is one atomic statement: concurrent hits of one key never read the same
 * count, so a limit holds under any number of parallel requests and across instances.
 */
export interface Counters {
  /** Counts one hit of `key` in its window (started by the first hit); answers the count with this one and the time left. */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** Takes one hit back (an attempt that was refused before it was tried). */
  giveBack(key: string): Promise<void>;
  /** Forgets `key` (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Rows whose window ended this long ago are swept (at most once per SWEEP_EVERY_MS in each process). */
const SWEEP_AFTER_MS = 3_600_000;
const SWEEP_EVERY_MS = 600_000;

export function postgresCounters(db: Db): Counters {
  let lastSweep = Date.now();
  return {
    async hit(key, windowMs) {
      const result = await db.execute(sql`
        insert into rate_counters as c (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          count = case when c.reset_at <= now() then 1 else c.count + 1 end,
          reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
        returning c.count as count, (extract(epoch from (c.reset_at - now())) * 1000)::float8 as ttl`);
      const [row] = rowsOf<{ count: number | string; ttl: number | string }>(result);
      if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = Date.now();
        db.execute(sql`delete from rate_counters where reset_at < now() - make_interval(secs => ${SWEEP_AFTER_MS / 1000})`).catch(() => {});
      }
      return { count: Number(row.count), ttlMs: Math.max(0, Math.ceil(Number(row.ttl))) };
    },
    async giveBack(key) {
      await db.execute(sql`update rate_counters set count = greatest(count - 1, 0) where key = ${key}`);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_counters where key = ${key}`);
    },
    async close() {},
  };
}

const REDIS_HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const REDIS_GIVE_BACK = `
if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end
return 0`;

/** The same counters in Redis (REDIS_URL): INCR and PEXPIRE in one script, keys under `mugen:rl:`. */
export function redisCounters(url: string): Counters {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: false });
  // A lost connection is retried by the client; each command meanwhile fails (and is logged by the caller).
  redis.on('error', () => {});
  const prefix = 'mugen:rl:';
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(REDIS_HIT, 1, prefix + key, String(Math.ceil(windowMs)))) as [number, number];
      return { count: Number(count), ttlMs: Math.max(0, Number(ttl)) };
    },
    async giveBack(key) {
      await redis.eval(REDIS_GIVE_BACK, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** In this process only, on a clock of the caller's: for unit tests of the rules over counters. */
export function memoryCounters(now: () => number = Date.now): Counters {
  const rows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowMs) {
      const t = now();
      const row = rows.get(key);
      if (!row || row.resetAt <= t) {
        rows.set(key, { count: 1, resetAt: t + windowMs });
        return { count: 1, ttlMs: windowMs };
      }
      row.count += 1;
      return { count: row.count, ttlMs: row.resetAt - t };
    },
    async giveBack(key) {
      const row = rows.get(key);
      if (row && row.count > 0) row.count -= 1;
    },
    async reset(key) {
      rows.delete(key);
    },
    async close() {},
  };
}
