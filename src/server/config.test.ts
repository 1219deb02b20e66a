import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has defaults that run the embedded database on port 3000 with the demo seed', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', env: 'development', databaseUrl: undefined, demoSeed: true });
    expect(c.dataDir).toBe(path.resolve('./data'));
  });

  it('stops on a bad value with a one-line message naming the variable', () => {
    const cases: Record<string, string> = {
      PORT: 'abc',
      NODE_ENV: 'staging',
      DATABASE_URL: 'mysql://x',
      PUBLIC_URL: 'not a url',
      TRUST_PROXY: 'maybe',
    };
    for (const [name, value] of Object.entries(cases)) {
      try {
        loadConfig({ [name]: value });
        expect.unreachable(name);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        expect((e as Error).message).toContain(name);
        expect((e as Error).message).not.toContain('\n');
      }
    }
  });

  it('never seeds the demo in production', () => {
    expect(loadConfig({ NODE_ENV: 'production', VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp' }).demoSeed).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp', DEMO_SEED: 'true' })).toThrow(
      /DEMO_SEED/,
    );
  });

  it("#24.4 TRUST_PROXY takes a hop count or the proxies' addresses; true (every hop) is refused in production with the fix named", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.2', '10.1.0.0/16', '::1']);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.300' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ NODE_ENV: 'production', VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp', TRUST_PROXY: 'true' })).toThrow(
      'Invalid TRUST_PROXY=true: in production it lets any client choose its address; set the number of proxies in front (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.2)',
    );
    expect(loadConfig({ NODE_ENV: 'production', VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp', TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('#24.1 REDIS_URL is a redis:// or rediss:// URL', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });
});
