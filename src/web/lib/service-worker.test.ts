import { describe, expect, it } from 'vitest';
import { buildVersion } from './service-worker';

describe('service worker version (listener spec §7)', () => {
  it("is the hashed entry chunk's name in a build, 'dev' otherwise", () => {
    expect(buildVersion('https://mugen.example/assets/index-B3xk_9aQ.js')).toBe('index-B3xk_9aQ');
    expect(buildVersion('http://localhost:5173/lib/service-worker.ts')).toBe('dev');
  });
});
