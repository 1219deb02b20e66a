// Starts the real server for the browser tests on port 3100 with the complete demo.
// The demo (database and spoken MP3s) is made once into .test-data/e2e-template-<hash> and copied for
// each run, so every run starts from the same state without making the audio again.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildWebIfNeeded } from './build-web-if-needed.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT || '3100';

function hashOf(paths) {
  const h = createHash('sha256');
  const walk = (p) => {
    const full = path.join(root, p);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) for (const e of fs.readdirSync(full).sort()) walk(path.join(p, e));
    else h.update(p).update(fs.readFileSync(full));
  };
  for (const p of paths) walk(p);
  return h.digest('hex').slice(0, 12);
}

const key = hashOf([
  'src/server/db/migrations',
  'src/server/db/seed-content.ts',
  'src/server/db/seed.ts',
  // The demo's scripts are written by the offline writer at seed time (issue 25).
  'src/server/providers/llm/writer',
  'src/server/providers/llm/offline.ts',
  'src/server/providers/tts',
  'src/server/providers/audio',
]);
const template = path.join(root, '.test-data', `e2e-template-${key}`);
const runDir = path.join(root, '.test-data', `e2e-run-${port}`);

if (!fs.existsSync(path.join(template, 'complete'))) {
  console.log('[e2e] making the demo data once (spoken demo audio)…');
  fs.rmSync(template, { recursive: true, force: true });
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/seed-cli.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: template, NODE_ENV: 'development', DATABASE_URL: '' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
  fs.writeFileSync(path.join(template, 'complete'), new Date().toISOString());
}
fs.rmSync(runDir, { recursive: true, force: true });
fs.cpSync(template, runDir, { recursive: true });
// The journeys register more members than the demo's invitations allow: one more code for this run.
const invite = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/e2e-invitations.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: runDir, NODE_ENV: 'development', DATABASE_URL: '' },
});
if (invite.status !== 0) process.exit(invite.status ?? 1);

buildWebIfNeeded();
const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: runDir,
    NODE_ENV: 'development',
    DATABASE_URL: '',
    // The operator account the admin journeys sign in with (e2e/admin-support.ts).
    ADMIN_USERNAME: 'operator',
    ADMIN_PASSWORD: 'e2e-operator-password',
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
