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
});
