// What the two builds (web app, server) share: "is the output older than its sources" and one build at
// a time on this checkout (several servers or test runs may start together).
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** The newest modification time of the files under `p` (a file or a folder, relative to the checkout) not matching `skip`. */
export function newest(p, skip) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const st = fs.statSync(full);
  if (!st.isDirectory()) return skip?.test(p) ? 0 : st.mtimeMs;
  // A folder's own time too: a file deleted from it.
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(full)) max = Math.max(max, newest(path.join(p, e), skip));
  return max;
}

/** True when `out` is missing or older than any of `sources` (files matching `skip` aside). */
export const isStale = (out, sources, skip) =>
  (fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0) < Math.max(...sources.map((p) => newest(p, skip)));

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
};

/** Runs `fn` holding the lock `.test-data/<name>.lock`. */
export function withBuildLock(name, fn) {
  const lockDir = path.join(root, '.test-data', `${name}.lock`);
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
