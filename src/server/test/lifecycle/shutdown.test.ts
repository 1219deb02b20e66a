import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { tracks } from '../../db/schema';
import { audioKey } from '../../features/tracks/stream';
import { createLocalStorage } from '../../providers/storage/local';
import { startServer } from '../server-process';
import { TEST_ROOT, testDbKind } from '../template';

const dataDir = path.join(TEST_ROOT, 'lifecycle', randomBytes(4).toString('hex'));
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe.runIf(testDbKind() === 'pglite')('graceful shutdown and restart', () => {
  it('finishes requests in flight on SIGTERM, exits 0, closes the database, and starts again fast', async () => {
    const database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    await database.migrate();
    const audio = randomBytes(2_000_000);
    await createLocalStorage(path.join(dataDir, 'media')).put(audioKey('big.mp3'), audio);
    const [t] = await database.db.insert(tracks).values({ title: '長い音声', filename: 'big.mp3' }).returning();
    await database.close();

    const server = await startServer({ DATA_DIR: dataDir });
    // Six downloads under way (headers received, bodies still streaming) when SIGTERM arrives.
    const responses = await Promise.all(Array.from({ length: 6 }, () => fetch(`${server.url}/api/stream/${t.id}`)));
    const code = server.stop('SIGTERM');
    const results = await Promise.all(responses.map(async (r) => ({ status: r.status, size: (await r.arrayBuffer()).byteLength })));
    for (const r of results) expect(r).toEqual({ status: 200, size: audio.length });
    const exitCode = await code;
    if (exitCode !== 0) console.log(server.output());
    expect(exitCode).toBe(0);
    expect(server.output()).toContain('SIGTERM: shutting down');
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();

    // The database was closed cleanly: a new process opens it and answers at once.
    const t0 = Date.now();
    const again = await startServer({ DATA_DIR: dataDir });
    const elapsed = Date.now() - t0;
    expect((await (await fetch(`${again.url}/api/tracks/${t.id}`)).json()).title).toBe('長い音声');
    await again.stop();
    console.log(`[lifecycle] restart to /health in ${elapsed} ms`);
  }, 120_000);
});
