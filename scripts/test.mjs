// `npm test`: the whole suite — typecheck, lint, unit and API tests, browser journeys. Each step prints its time;
// steps in one group run side by side, and a step sharing the screen prints its output as one block when it ends.
//
// On a machine without PostgreSQL (a newcomer's laptop): the API suite runs on the embedded database (PGlite),
// then the journeys (on PGlite too, the embedded default).
// With TEST_DATABASE_URL set (CI, decision 0039): the API suite runs once, on that PostgreSQL; PGlite runs the
// browser's and shared code's tests and the database layer's own (src/server/db, jobs, the process lifecycle
// and crash tests), where the two engines differ; all of it one step after another beside the journeys,
// which mostly wait on the browser. The API suite on both engines, one group after another, took a 2-core
// machine's CI past 20 minutes (issue 27.6).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const pgUrl = process.env.TEST_DATABASE_URL;
/** The database layer's tests, run on PGlite also when the API suite runs on PostgreSQL. */
const ENGINE_TESTS = ['src/server/db', 'src/server/jobs', 'src/server/test/lifecycle', 'src/server/test/crash'];
const step = {
  typecheck: ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  lint: ['lint (Biome)', bin('biome'), ['check', 'src', 'e2e', 'bench', 'scripts']],
  browser: ['browser', process.execPath, [path.join(root, 'scripts/ensure-chromium.mjs')]],
  voice: ['offline voice (Open JTalk)', process.execPath, [path.join(root, 'scripts/ensure-open-jtalk.mjs')]],
  journeys: ['end-to-end tests (Chromium)', bin('playwright'), ['test']],
};
/**
 * Groups run one after another; the lanes of a group side by side; the steps of a lane one after another
 * (a lane stops at its first failure).
 */
const groups = pgUrl
  ? [
      // One lane: two apt-get at once would wait on each other's lock.
      [[step.voice, step.browser]],
      // The journeys are the longest step and mostly wait on the browser: everything else runs beside them,
      // one test file at a time, so the journeys' server and Chromium keep a core. Their demo data is made
      // (or taken from the cache) by their server's start, scripts/serve-e2e.mjs.
      [
        [step.journeys],
        [
          step.typecheck,
          step.lint,
          [
            'unit tests and the database layer (PGlite)',
            bin('vitest'),
            ['run', '--maxWorkers=1', 'src/web', 'src/shared', 'bench', ...ENGINE_TESTS],
          ],
          ['API tests (PostgreSQL)', process.execPath, [path.join(root, 'scripts/test-pg.mjs'), '--maxWorkers=1']],
        ],
      ],
    ]
  : [
      [[step.typecheck], [step.lint], [step.voice]],
      [[['unit and API tests (PGlite)', bin('vitest'), ['run']]]],
      [[step.browser]],
      [[step.journeys]],
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
for (const lanes of groups) {
  const shared = lanes.length > 1;
  const results = await Promise.all(
    lanes.map(async (lane) => {
      for (const one of lane) {
        const r = await run(one, shared);
        if (r.code !== 0) return r;
      }
      return { code: 0 };
    }),
  );
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length) {
    console.error(`[mugen] ${failed.map((r) => r.name).join(', ')} failed`);
    process.exit(failed[0].code ?? 1);
  }
}
console.log(`[mugen] all steps ok in ${secs(started)}`);
