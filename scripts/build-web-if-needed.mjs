// Builds the web app when dist/web is missing or older than its sources, so `npm start` always serves
// the current app and a later start skips the build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist/web/index.html');
const sources = ['src/web', 'src/shared', 'public', 'vite.config.ts', 'package-lock.json'];

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const st = fs.statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(full)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

const lockDir = path.join(root, '.test-data', 'web-build.lock');
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
};

/** One build at a time on this checkout (several servers or test runs may start together). */
function withBuildLock(fn) {
  fs.mkdirSync(path.dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
      break;
    } catch {
      // A lock whose builder is gone (killed mid-build), or older than ten minutes, is taken over.
      let pid = 0;
      try {
        pid = Number(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'));
      } catch {}
      const age = fs.existsSync(lockDir) ? Date.now() - fs.statSync(lockDir).mtimeMs : 0;
      if ((pid > 0 && !alive(pid)) || (!pid && age > 30_000) || age > 600_000) fs.rmSync(lockDir, { recursive: true, force: true });
      else sleep(500);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

const isStale = () => (fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0) < Math.max(...sources.map(newest));

export function buildWebIfNeeded() {
  if (!isStale()) return;
  withBuildLock(() => {
    if (!isStale()) return;
    console.log('[mugen] building the web app (vite build)');
    // Built aside, then copied over dist/web with index.html last: a server already running keeps the
    // hashed assets its index.html names, and never sees a half-written folder.
    const aside = path.join(root, 'dist', `web-build-${process.pid}`);
    const r = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', aside, '--emptyOutDir'],
      { cwd: root, stdio: 'inherit' },
    );
    if (r.status !== 0) {
      fs.rmSync(aside, { recursive: true, force: true });
      console.error('[mugen] the web build failed');
      process.exit(r.status ?? 1);
    }
    const target = path.dirname(out);
    fs.mkdirSync(target, { recursive: true });
    for (const e of fs.readdirSync(aside))
      if (e !== 'index.html') fs.cpSync(path.join(aside, e), path.join(target, e), { recursive: true });
    fs.copyFileSync(path.join(aside, 'index.html'), out);
    fs.rmSync(aside, { recursive: true, force: true });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildWebIfNeeded();
