import { afterAll, beforeAll } from 'vitest';
import type { BuildOptions } from '../app';
import { createTestApp, sessionCookie, type TestApp } from './app';

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The set-up the operator console's test files share (after premiumSuite()): a test app (opened before the
 * file's tests, closed after them, built with `build`), an operator's session cookie, and the console's
 * calls made with it (or with the cookie given).
 */
export function adminSuite(build: Omit<BuildOptions, 'database' | 'storage'> = {}) {
  let app: TestApp | undefined;
  let cookie = '';
  const t = () => {
    if (!app) throw new Error('adminSuite: the app opens in beforeAll');
    return app;
  };
  beforeAll(async () => {
    app = await createTestApp({}, {}, build);
    cookie = await sessionCookie(app.db, { isAdmin: true });
  });
  afterAll(() => app?.close());
  return {
    get t() {
      return t();
    },
    /** The operator's session cookie. */
    get admin() {
      return cookie;
    },
    call: (method: AdminMethod, url: string, payload?: object, as = cookie) =>
      t().app.inject({ method, url, headers: { cookie: as }, ...(payload ? { payload } : {}) }),
  };
}
