import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from './client';
import { ensurePgliteTemplate } from './pglite-template';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

/** A fresh data dir's cluster identifier (PostgreSQL's initdb gives each cluster its own). */
async function systemIdentifier(dataDir: string): Promise<string> {
  const database = await openDatabase({ dataDir });
  try {
    const [row] = rowsOf<{ id: string }>(await database.db.execute(sql`select system_identifier::text as id from pg_control_system()`));
    expect(database.fresh).toBe(true);
    return row.id;
  } finally {
    await database.close();
  }
}

describe('#37.6 a fresh embedded data dir', () => {
  it('#37.6 is a copy of the template made once per PGlite (no initdb at start: 700-810 MB at its peak)', async () => {
    const template = await ensurePgliteTemplate();
    const [a, b] = [await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-fresh-')), await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-fresh-'))];
    dirs.push(a, b);
    const first = await systemIdentifier(a);
    expect(await systemIdentifier(b)).toBe(first);
    expect((await fs.readFile(path.join(a, 'db', 'PG_VERSION'), 'utf8')).trim()).toBe(
      (await fs.readFile(path.join(template, 'PG_VERSION'), 'utf8')).trim(),
    );
  });

  it('#37.6 without PG_VERSION (a copy cut short) is copied again and opens', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-fresh-'));
    dirs.push(dataDir);
    await fs.mkdir(path.join(dataDir, 'db', 'base'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'db', 'postgresql.conf'), 'half a copy');
    expect(await systemIdentifier(dataDir)).toMatch(/^\d+$/);
  });
});
