// `npm run backup -- [file]` and `npm run restore -- <file> [--force]`: a logical backup of the database
// (embedded or PostgreSQL, whichever DATABASE_URL / DATA_DIR select) and of local media files.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { restoreBackup, writeBackup } from './db/backup';
import { openDatabase } from './db/client';
import { serverRunningOn } from './lib/pid-file';

const [command, ...rest] = process.argv.slice(2);
try {
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  const config = loadConfig();
  if (!config.databaseUrl) {
    // The embedded database is one process's: copying it under a running server would tear it.
    const pid = serverRunningOn(config.dataDir);
    if (pid) throw new ConfigError(`the server (pid ${pid}) is using ${config.dataDir}; stop it first`);
  }
  const mediaDir = config.s3 ? undefined : path.join(config.dataDir, 'media');
  const database = await openDatabase(config);
  await database.migrate();
  const t0 = Date.now();
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    const file = positionals[0] ?? path.join('backups', `mugen-${stamp}.jsonl.gz`);
    const counts = await writeBackup(database.db, file, { mediaDir });
    console.log(`[mugen] backup written to ${file} (${(fs.statSync(file).size / 1024).toFixed(0)} KB, ${Date.now() - t0} ms)`);
    console.log(
      Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    );
    if (config.s3)
      console.log(
        '[mugen] media live in the S3 bucket and are not in this file: back the bucket up with its own versioning or replication',
      );
  } else if (command === 'restore') {
    const file = positionals[0];
    if (!file || !fs.existsSync(file)) throw new ConfigError('Usage: npm run restore -- <backup file> [--force]');
    const counts = await restoreBackup(database.db, file, { mediaDir, force: values.force });
    console.log(
      `[mugen] restored ${file} in ${Date.now() - t0} ms: ${Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  } else {
    throw new ConfigError('Usage: npm run backup -- [file] | npm run restore -- <file> [--force]');
  }
  await database.close();
} catch (e) {
  console.error(`[mugen] ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
