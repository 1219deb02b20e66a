import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { exists } from '../db/pglite-template';
import { pgliteTemplateDir, pgTemplateName, TEST_ROOT, testDatabaseUrl, testDbKind, withDatabase } from './template';

/** Migrates one template database per run; every test file then copies it (fast) instead of migrating. */
export default async function setup() {
  if (testDbKind() === 'postgres') return setupPostgres();
  const dir = pgliteTemplateDir();
  if (await exists(path.join(dir, 'db', 'PG_VERSION'))) return;
  await fs.mkdir(TEST_ROOT, { recursive: true });
  const tmp = `${dir}.${process.pid}.tmp`;
  await fs.rm(tmp, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: tmp });
  await database.migrate();
  await database.close();
  await fs.rm(dir, { recursive: true, force: true });
  await fs.rename(tmp, dir);
}

async function setupPostgres() {
  const url = testDatabaseUrl();
  const name = pgTemplateName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return;
    const tmp = `${name}_tmp_${process.pid}`;
    await admin.query(`drop database if exists ${tmp}`);
    await admin.query(`create database ${tmp}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, tmp), dataDir: '' });
    await database.migrate();
    await database.close();
    await admin.query(`alter database ${tmp} rename to ${name}`);
  } finally {
    await admin.end();
  }
}
