import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../server-process';
import { TEST_ROOT, testDbKind } from '../template';

const dataDir = path.join(TEST_ROOT, 'built', randomBytes(4).toString('hex'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// Refuses to resolve any TypeScript file or tsx itself, in the server and in every helper process it starts
// (NODE_OPTIONS reaches them: they get none of the server's own flags), so a server or helper that needed
// TypeScript at run time would fail.
const NO_TYPESCRIPT = `data:text/javascript,${encodeURIComponent(
  `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent('export async function resolve(s, c, next) { if (/\\\\.[cm]?tsx?$/.test(s) || /^tsx(\\\\/|$)/.test(s)) throw new Error("TypeScript at run time: " + s); return next(s, c); }'));`,
)}`;

describe.runIf(testDbKind() === 'pglite')('#27.1 production runs built JavaScript', () => {
  it('#27.1 the built server (dist/server/main.js) migrates a fresh data dir and answers /health without loading TypeScript', {
    timeout: 150_000,
  }, async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    const server = await startServer({ DATA_DIR: dataDir, NODE_OPTIONS: `--import=${NO_TYPESCRIPT}` }, 90_000);
    try {
      const res = await fetch(`${server.url}/health`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.status).toBe('ok');
      expect(body.database).toEqual({ connected: true });
      // A search with kanji asks the dictionary's helper process (built dictionary-process.js) for its reading.
      const search = await fetch(`${server.url}/api/search?q=${encodeURIComponent('温泉旅行')}`);
      expect(search.status, await search.clone().text()).toBe(200);
      const helpers = execFileSync('ps', ['--ppid', String(server.child.pid), '-o', 'args=']).toString();
      expect(helpers).toContain('mugen-dictionary');
      // The assets read at run time beside the built files.
      expect(fs.existsSync(path.resolve('dist/server/migrations/meta/_journal.json'))).toBe(true);
      expect(fs.existsSync(path.resolve('dist/server/render-worker.js'))).toBe(true);
      expect(fs.existsSync(path.resolve('dist/server/dictionary-process.js'))).toBe(true);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });
});
