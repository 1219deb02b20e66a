// `npm test`: the whole suite — typecheck, lint, unit and API tests, browser journeys. Each step prints its time;
// steps in one group run side by side, and a step sharing the screen prints its output as one block when it ends.
//
// On a machine without PostgreSQL (a newcomer's laptop): the API suite runs on the embedded database (PGlite),
// then the journeys (on PGlite too, the embedded default).
// With TEST_DATABASE_URL set (CI, decision 0039): the API suite runs once, on that PostgreSQL, beside the
// journeys (which mostly wait on the browser); PGlite runs the browser's and shared code's tests and the
// database layer's own (src/server/db, jobs, the process lifecycle and crash tests), where the two engines
// differ. The API suite on both engines took a 2-core machine's CI past 20 minutes (issue 27.6).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const pgUrl = process.env.TEST_DATABASE_URL;
/** The database layer's tests, run on PGlite also when the API suite runs on PostgreSQL. */
const ENGINE_TESTS = ['src/server/db', 'src/server/jobs', 'src/server/test/lifecycle', 'src/server/test/crash'];
const groups = [
  [
    ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
    ['lint (Biome)', bin('biome'), ['check', 'src', 'e2e', 'bench', 'scripts']],
  ],
  pgUrl
    ? [
        ['unit tests and the database layer (PGlite)', bin('vitest'), ['run', 'src/web', 'src/shared', 'bench', ...ENGINE_TESTS]],
        // The journeys' demo data (its spoken audio, when the cache does not have it yet) is made meanwhile.
        ['the demo data for the journeys', process.execPath, [path.join(root, 'scripts/serve-e2e.mjs'), '--prepare']],
      ]
    : [['unit and API tests (PGlite)', bin('vitest'), ['run']]],
  [['browser', process.execPath, [path.join(root, 'scripts/ensure-chromium.mjs')]]],
  [
    ['end-to-end tests (Chromium)', bin('playwright'), ['test']],
    // One test file at a time: the journeys' server and Chromium have the other core.
    ...(pgUrl ? [['API tests (PostgreSQL)', process.execPath, [path.join(root, 'scripts/test-pg.mjs'), '--maxWorkers=1']]] : []),
  ],
];

const secs = (t0) => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

function run([name, cmd, args], shared) {
  const t0 = Date.now();
  console.log(`\n[mugen] ${name}${shared ? ' (beside the other steps of its group)' : ''}`);
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: shared ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, CI: process.env.CI ?? '' },
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      if (shared) console.log(`\n[mugen] ${name}: output\n${out}`);
      console.log(`[mugen] ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${secs(t0)}`);
      resolve({ name, code });
    }),
  );
}

const started = Date.now();
for (const group of groups) {
  const results = await Promise.all(group.map((step) => run(step, group.length > 1)));
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length) {
    console.error(`[mugen] ${failed.map((r) => r.name).join(', ')} failed`);
    process.exit(failed[0].code ?? 1);
  }
}
console.log(`[mugen] all steps ok in ${secs(started)}`);
