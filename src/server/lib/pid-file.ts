import fs from 'node:fs';
import path from 'node:path';

const file = (dataDir: string) => path.join(dataDir, 'server.pid');

/** Marks DATA_DIR as in use by this process (for tools that must not open the embedded database). */
export function writePidFile(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file(dataDir), String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file(dataDir), 'utf8') === String(process.pid)) fs.rmSync(file(dataDir));
    } catch {
      // already gone
    }
  };
}

/** The pid of a live server using DATA_DIR, or null. A stale file (crashed server) is ignored. */
export function serverRunningOn(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file(dataDir), 'utf8'));
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}
