// `npm test`: the whole suite — typecheck, lint, unit and API tests (embedded database), browser journeys.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const steps = [
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint (Biome)', bin('biome'), ['check', 'src', 'e2e', 'bench', 'scripts']],
  ['unit and API tests (PGlite)', bin('vitest'), ['run']],
  ['browser', process.execPath, [path.join(root, 'scripts/ensure-chromium.mjs')]],
  ['end-to-end tests (Chromium)', bin('playwright'), ['test']],
];
for (const [name, cmd, args] of steps) {
  console.log(`\n[mugen] ${name}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? '' } });
  if (r.status !== 0) {
    console.error(`[mugen] ${name} failed`);
    process.exit(r.status ?? 1);
  }
  console.log(`[mugen] ${name}: ok in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
