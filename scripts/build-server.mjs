// Builds the server into dist/server (esbuild): production, `npm start`, the worker and the command-line
// tools run `node` on plain JavaScript; only `npm run dev` and the tests run TypeScript (tsx, Vitest).
// Rebuilt when dist/server is missing or older than its sources, so a later start skips the build
// (about a second when it is needed). `node scripts/build-server.mjs --force` always builds.
//
// One file per entry point, all side by side in dist/server, with the npm packages left as imports:
// every module's import.meta.url is then dist/server/<entry>.js, which is what the files read at run
// time are found from: the migrations (copied to dist/server/migrations), the worker threads
// (dist/server/render-worker.js, dictionary-process.js), kuromoji's dictionary and eSpeak's WASM (in node_modules).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale, root, withBuildLock } from './build-lib.mjs';

export const SERVER_DIR = path.join(root, 'dist/server');
const stamp = path.join(SERVER_DIR, 'main.js');
const sources = ['src/server', 'src/shared', 'package-lock.json', 'tsconfig.json', 'scripts/build-server.mjs'];
/** Tests are not part of the build: changing one does not make it stale. */
const tests = /\.test\.ts$|[\\/]test[\\/]/;

export const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  'render-worker': 'src/server/providers/audio/render-worker.ts',
  'dictionary-process': 'src/server/helpers/dictionary-process.ts',
  'worker-cli': 'src/server/cli/worker.ts',
  'seed-cli': 'src/server/cli/seed.ts',
  'invite-cli': 'src/server/cli/invite.ts',
  'backup-cli': 'src/server/cli/backup.ts',
  'pglite-template-cli': 'src/server/cli/pglite-template.ts',
};

function build() {
  const t0 = Date.now();
  const aside = path.join(root, 'dist', `server-build-${process.pid}`);
  fs.rmSync(aside, { recursive: true, force: true });
  // Loaded only when a build is needed: a start that finds the build current does not load esbuild.
  const { buildSync } = createRequire(import.meta.url)('esbuild');
  try {
    buildSync({
      absWorkingDir: root,
      entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
      outdir: aside,
      bundle: true,
      // npm packages stay imports from node_modules (native modules, WASM and data files stay where their
      // packages find them).
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      tsconfig: path.join(root, 'tsconfig.json'),
      logLevel: 'warning',
      legalComments: 'none',
    });
  } catch {
    fs.rmSync(aside, { recursive: true, force: true });
    console.error('[mugen] the server build failed');
    process.exit(1);
  }
  fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(aside, 'migrations'), { recursive: true });
  fs.writeFileSync(path.join(aside, 'package.json'), '{ "type": "module" }\n');
  // Swapped in whole: a server starting meanwhile sees the old build or the new one, never half of each.
  const old = path.join(root, 'dist', `server-old-${process.pid}`);
  if (fs.existsSync(SERVER_DIR)) fs.renameSync(SERVER_DIR, old);
  fs.renameSync(aside, SERVER_DIR);
  fs.rmSync(old, { recursive: true, force: true });
  console.log(`[mugen] built the server into dist/server in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

export function buildServerIfNeeded({ force = false } = {}) {
  if (!force && !isStale(stamp, sources, tests)) return;
  withBuildLock('server-build', () => {
    if (force || isStale(stamp, sources, tests)) build();
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  buildServerIfNeeded({ force: process.argv.includes('--force') });
