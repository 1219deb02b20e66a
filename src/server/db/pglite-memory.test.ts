import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { testDbKind } from '../test/template';
import { rowsOf } from './client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe.runIf(testDbKind() === 'pglite')('#27.2 the embedded database is small', () => {
  it('#27.2 keeps a 32 MB buffer cache in its WASM memory (PostgreSQL default: 128 MB, never given back)', async () => {
    const [row] = rowsOf<{ shared_buffers: string }>(await t.db.execute(sql`show shared_buffers`));
    expect(row.shared_buffers).toBe('32MB');
  });
});
