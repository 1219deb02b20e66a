import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../db/client';

/** The migrated template's name changes whenever a migration changes, so a stale one is never used. */
export function migrationsHash(): string {
  const h = createHash('sha256');
  for (const f of fs.readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_DIR, f);
    if (fs.statSync(full).isFile()) h.update(f).update(fs.readFileSync(full));
  }
  return h.digest('hex').slice(0, 12);
}

export const TEST_ROOT = path.resolve('.test-data');
export const pgliteTemplateDir = () => path.join(TEST_ROOT, `template-${migrationsHash()}`);
export const pgTemplateName = () => `mugen_template_${migrationsHash()}`;

/** Which database the API suite runs on: the embedded one by default, PostgreSQL when MUGEN_TEST_DB=postgres. */
export const testDbKind = (): 'pglite' | 'postgres' => (process.env.MUGEN_TEST_DB === 'postgres' ? 'postgres' : 'pglite');
export const testDatabaseUrl = () => process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
