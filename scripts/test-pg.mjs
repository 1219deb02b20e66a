// `npm run test:pg [-- vitest options]`: the same API suite against a real PostgreSQL (TEST_DATABASE_URL).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
console.log(`[mugen] API tests on PostgreSQL (${url.replace(/\/\/[^@]*@/, '//***@')})`);
const r = spawnSync(path.join(root, 'node_modules/.bin/vitest'), ['run', 'src/server', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, MUGEN_TEST_DB: 'postgres', TEST_DATABASE_URL: url },
});
process.exit(r.status ?? 1);
