import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Two projects (issue 27.6):
 * - `server`: the server's tests share their worker's modules from file to file (`isolate: false`).
 *   Each file still gets its own database (createTestApp) and closes it; what it shares is the module
 *   graph, which every file used to import again (about 6 s a file on a loaded 2-core machine, more
 *   than half the suite's time).
 * - `isolated`: each file in a module registry of its own, as Vitest does by default: the browser's and
 *   shared code's tests (they stub globals) and any server test that replaces a module (`vi.mock`),
 *   named `*.isolated.test.ts`, since a mock would leak into the files after it (vitest-dev/vitest#11152).
 */
const shared = {
  environment: 'node' as const,
  globalSetup: ['src/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          exclude: ['src/server/**/*.isolated.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          name: 'isolated',
          include: ['src/web/**/*.test.ts', 'src/shared/**/*.test.ts', 'bench/**/*.test.ts', 'src/server/**/*.isolated.test.ts'],
        },
      },
    ],
  },
});
