import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

// A fresh embedded data dir is a copy of a template made once per installed PGlite (issue 37.6).
// PostgreSQL's initdb, as PGlite runs it, needs two more WASM instances beside the one that opens the
// dir: 700-810 MB RSS at its peak, more than a small server can give while the server, npm and a helper
// run. It is done once, by `npm ci` (package.json's prepare: `npm start` then never runs it), or by the
// first start that finds no template, in a process of its own that gives every page back when it
// exits. Copying the template costs no memory (the kernel copies the files).
//
// The template is an empty cluster, not migrated: it depends only on PGlite's version, so it is named
// after it and lives in node_modules/.cache, which `npm ci` empties when it installs another.

const require = createRequire(import.meta.url);

/** Where the template for the installed PGlite lives. */
export function pgliteTemplateDir(): string {
  // The package's entry is node_modules/@electric-sql/pglite/dist/index.cjs (its package.json is not exported).
  const pkg = path.resolve(path.dirname(require.resolve('@electric-sql/pglite')), '..');
  const { version } = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { version: string };
  return path.join(pkg, '..', '..', '.cache', 'mugen', `pglite-${version}`);
}

/** Makes the template when there is none yet; answers its path. Safe when several processes try at once. */
export async function ensurePgliteTemplate(): Promise<string> {
  const dir = pgliteTemplateDir();
  if (await exists(path.join(dir, 'PG_VERSION'))) return dir;
  const aside = `${dir}.${process.pid}.tmp`;
  await fs.rm(aside, { recursive: true, force: true });
  await fs.mkdir(aside, { recursive: true });
  try {
    // Resolved here (createRequire: vitest's module runner has no import.meta.resolve), loaded there.
    const code = `const { PGlite } = require(process.argv[1]);
PGlite.create(process.argv[2]).then((db) => db.close());`;
    await promisify(execFile)(process.execPath, ['-e', code, require.resolve('@electric-sql/pglite'), aside], {
      maxBuffer: 16 * 1024 * 1024,
    });
    // Only a complete template ever has the final name; another process may have made one meanwhile.
    await fs.rename(aside, dir).catch(async (err: NodeJS.ErrnoException) => {
      if (!(await exists(path.join(dir, 'PG_VERSION')))) throw err;
    });
  } finally {
    await fs.rm(aside, { recursive: true, force: true });
  }
  return dir;
}

/** A fresh data dir in `dir` (which may exist, empty): a copy of the template, made first if needed. */
export async function copyPgliteTemplate(dir: string): Promise<void> {
  const template = await ensurePgliteTemplate();
  // PG_VERSION last: a dir that has it is whole, so a copy cut short is copied again at the next start.
  await fs.cp(template, dir, { recursive: true, filter: (from) => from !== path.join(template, 'PG_VERSION') });
  await fs.copyFile(path.join(template, 'PG_VERSION'), path.join(dir, 'PG_VERSION'));
}

/** Whether a file or folder is there. */
export async function exists(p: string): Promise<boolean> {
  try {
    await fs.access(p);
    return true;
  } catch {
    return false;
  }
}
