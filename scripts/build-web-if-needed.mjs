// Builds the web app when dist/web is missing or older than its sources, so `npm start` always serves
// the current app and a later start skips the build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale, root, withBuildLock } from './build-lib.mjs';

const out = path.join(root, 'dist/web/index.html');
const sources = ['src/web', 'src/shared', 'public', 'vite.config.ts', 'package-lock.json'];

export function buildWebIfNeeded() {
  if (!isStale(out, sources)) return;
  withBuildLock('web-build', () => {
    if (!isStale(out, sources)) return;
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
