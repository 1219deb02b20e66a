// Starts the real server (the built JavaScript, dist/server) for the browser tests on port 3100 with the
// complete demo.
//
// The demo is made once and kept outside the clone, in MUGEN_CACHE_DIR (default ~/.cache/mugen), so a
// fresh clone (CI) does not speak the demo audio again:
// - demo-audio-<key>: each demo script's MP3s, keyed by the code and packages that speak them (the
//   speech and audio providers, the demo's texts, the offline voice (Open JTalk and its voice, or eSpeak),
//   kuromoji, lamejs). Speaking them all takes
//   several minutes on a loaded 2-core machine; taking them from here, seconds.
// - e2e-template-<key>: the seeded data dir (database and media), keyed as well by the migrations, the
//   seed and the database engine; made again from the kept audio when any of them changes.
// Each run copies the template into .test-data/e2e-run-<port>, so every run starts from the same state.
// `node scripts/serve-e2e.mjs --prepare` makes what is missing and exits without starting the server.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServerIfNeeded, SERVER_DIR } from './build-server.mjs';
import { buildWebIfNeeded } from './build-web-if-needed.mjs';
import { hasOpenJtalk } from './ensure-open-jtalk.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT || '3100';
const cacheDir = process.env.MUGEN_CACHE_DIR || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'mugen');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const timed = (label, t0) => console.log(`[e2e] ${label} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

// Tests, and the plumbing that carries a render to and from its worker thread, change no byte of audio.
const NOT_SPEECH = /\.test\.ts$|render-process\.ts$|test-support\.ts$/;

function hashOf(paths, packages) {
  const h = createHash('sha256');
  const walk = (p) => {
    const full = path.join(root, p);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) for (const e of fs.readdirSync(full).sort()) walk(path.join(p, e));
    else if (!NOT_SPEECH.test(p)) h.update(p).update(fs.readFileSync(full));
  };
  for (const p of paths) walk(p);
  for (const p of packages) h.update(`${p}@${lock.packages[`node_modules/${p}`]?.version}`);
  // Which offline voice speaks (Open JTalk, or eSpeak NG where it is not installed: decision 0041).
  h.update(hasOpenJtalk() ? 'open-jtalk' : 'espeak');
  return h.digest('hex').slice(0, 12);
}

const speech = [
  [
    'src/server/features/demo-content/seed-content.ts',
    'src/server/providers/tts',
    'src/server/providers/audio',
    'src/server/providers/japanese',
    'vendor/open-jtalk-voice',
  ],
  ['kuromoji', '@echogarden/espeak-ng-emscripten', '@breezystack/lamejs'],
];
const audioDir = path.join(cacheDir, `demo-audio-${hashOf(...speech)}`);
const templateKey = hashOf(
  [
    ...speech[0],
    'src/server/db/migrations',
    'src/server/features/demo-content/seed.ts',
    // The demo tracks keep the claims the offline check finds (issue 25.2).
    'src/server/features/creation/fact-check',
    // The demo's scripts are written by the offline writer at seed time (issue 25.1).
    'src/server/features/creation/writer',
    'src/server/features/creation/offline-script.ts',
    'src/server/db/schema.ts',
    'src/server/features/search/readings.ts',
    'scripts/e2e-invitations.ts',
  ],
  [...speech[1], '@electric-sql/pglite', 'drizzle-orm'],
);
const template = path.join(cacheDir, `e2e-template-${templateKey}`);
const runDir = path.join(root, '.test-data', `e2e-run-${port}`);

let t0 = Date.now();
buildWebIfNeeded();
buildServerIfNeeded();
timed('builds checked', t0);

const env = { ...process.env, NODE_ENV: 'development', DATABASE_URL: '' };
if (!fs.existsSync(path.join(template, 'complete'))) {
  t0 = Date.now();
  console.log(`[e2e] making the demo data (${template}; spoken audio kept in ${audioDir})…`);
  fs.mkdirSync(cacheDir, { recursive: true });
  // Made aside and renamed: another run making the same template meanwhile never sees half of it.
  const aside = `${template}.${process.pid}.tmp`;
  fs.rmSync(aside, { recursive: true, force: true });
  const r = spawnSync(process.execPath, ['--enable-source-maps', path.join(SERVER_DIR, 'seed-cli.js'), '--audio-cache', audioDir], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, DATA_DIR: aside },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
  // The journeys register more members than the demo's invitations allow: one more code (100 uses), in
  // the template, so every run's copy has it.
  const invite = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/e2e-invitations.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, DATA_DIR: aside },
  });
  if (invite.status !== 0) process.exit(invite.status ?? 1);
  fs.writeFileSync(path.join(aside, 'complete'), new Date().toISOString());
  try {
    fs.renameSync(aside, template);
  } catch {
    fs.rmSync(aside, { recursive: true, force: true }); // another run made it first
  }
  // Templates of other keys not used for a week go.
  for (const e of fs.readdirSync(cacheDir))
    if (/^(e2e-template|demo-audio)-/.test(e) && !template.endsWith(e) && !audioDir.endsWith(e)) {
      const full = path.join(cacheDir, e);
      if (Date.now() - fs.statSync(full).mtimeMs > 7 * 86_400_000) fs.rmSync(full, { recursive: true, force: true });
    }
  timed('demo data made', t0);
}
// `--prepare`: the demo data only (CI makes it beside the unit tests, before the journeys start the server).
if (process.argv.includes('--prepare')) process.exit(0);
t0 = Date.now();
fs.rmSync(runDir, { recursive: true, force: true });
fs.cpSync(template, runDir, { recursive: true });
fs.utimesSync(template, new Date(), new Date());
timed('run data ready', t0);

const child = spawn(process.execPath, ['--enable-source-maps', path.join(SERVER_DIR, 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...env,
    PORT: port,
    HOST: '127.0.0.1',
    // The address the journeys open (playwright.config.ts's baseURL): shared and feed links start with it,
    // never with the Host a request names (#36.9).
    PUBLIC_URL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`,
    DATA_DIR: runDir,
    // The operator account the admin journeys sign in with (e2e/helpers/operator.ts).
    ADMIN_USERNAME: 'operator',
    ADMIN_PASSWORD: 'e2e-operator-password',
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
