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

  it('#36.3 names a bad secret without echoing its value (BACKUP_SIGNING_KEY, ADMIN_PASSWORD)', () => {
    for (const [name, value] of [
      ['BACKUP_SIGNING_KEY', 'short-secret-9f2'],
      ['ADMIN_PASSWORD', 'x'],
    ] as const) {
      const message = (() => {
        try {
          loadConfig({ ADMIN_USERNAME: 'ops', [name]: value });
          return 'accepted';
        } catch (e) {
          return (e as Error).message;
        }
      })();
      expect(message).toMatch(new RegExp(`^Invalid ${name} \\(value not shown\\): `));
      expect(message).not.toContain(value);
    }
  });

  it('never seeds the demo in production', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://mugen-radio.jp', VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp' }).demoSeed,
    ).toBe(false);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://mugen-radio.jp',
        VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp',
        DEMO_SEED: 'true',
      }),
    ).toThrow(/DEMO_SEED/);
  });

  it("#24.4 TRUST_PROXY takes a hop count or the proxies' addresses; true (every hop) is refused in production with the fix named", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.2', '10.1.0.0/16', '::1']);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.300' })).toThrow(/TRUST_PROXY/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://mugen-radio.jp',
        VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp',
        TRUST_PROXY: 'true',
      }),
    ).toThrow(
      'Invalid TRUST_PROXY=true: in production it lets any client choose its address; set the number of proxies in front (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.2)',
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://mugen-radio.jp',
        VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp',
        TRUST_PROXY: '1',
      }).trustProxy,
    ).toBe(1);
  });

  it('#36.9 production refuses to start without PUBLIC_URL, in one line naming it', () => {
    const production = { NODE_ENV: 'production', VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp' };
    for (const unset of [{}, { PUBLIC_URL: '' }]) {
      expect(() => loadConfig({ ...production, ...unset })).toThrow(
        new ConfigError('Invalid PUBLIC_URL="": production needs the address members reach the site at (https://mugen.example.jp)'),
      );
    }
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://mugen-radio.jp' }).publicUrl).toBe('https://mugen-radio.jp');
    // Development and the tests may go without: links are then on http://localhost and the port.
    expect(loadConfig({ PORT: '4100' })).toMatchObject({ publicUrl: undefined, port: 4100 });
  });

  it('#24.1 REDIS_URL is a redis:// or rediss:// URL', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });
});
