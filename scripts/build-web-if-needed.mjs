// Builds the web app when dist/web is missing or older than its sources, so `npm start` always serves
// the current app and a later start skips the build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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

export function buildWebIfNeeded() {
  const built = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
  const src = Math.max(...sources.map(newest));
  if (built >= src) return;
  console.log('[mugen] building the web app (vite build)');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) {
    console.error('[mugen] the web build failed');
    process.exit(r.status ?? 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfNeeded();
