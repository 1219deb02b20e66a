// `npm run backup -- [file]` and `npm run restore -- <file> [--force]`: a logical backup of the database
// (embedded or PostgreSQL, whichever DATABASE_URL / DATA_DIR select), of the media (DATA_DIR/media or
// the S3 bucket) and of the web push keys generated into DATA_DIR (docs/decisions/0032-backups.md).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { type VerifiedBackup, verifyBackup, writeBackup } from '../db/backup';
import { restoreBackup } from '../db/backup-restore';
import { openDatabase } from '../db/client';
import { serverRunningOn } from '../lib/pid-file';
import { createStorage } from '../providers/storage/index';

const [command, ...rest] = process.argv.slice(2);
try {
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  if (command !== 'backup' && command !== 'restore')
    throw new ConfigError('Usage: npm run backup -- [file] | npm run restore -- <file> [--force]');
  const config = loadConfig();
  if (!config.databaseUrl) {
    // The embedded database is one process's: copying it under a running server would tear it.
    const pid = serverRunningOn(config.dataDir);
    if (pid) throw new ConfigError(`the server (pid ${pid}) is using ${config.dataDir}; stop it first`);
  }
  const storage = createStorage(config);
  const vapidInEnv = Boolean(config.vapid.publicKey && config.vapid.privateKey);
  const t0 = Date.now();
  // A restore checks the whole file before it opens (or creates) the database.
  let verified: VerifiedBackup | undefined;
  if (command === 'restore') {
    if (!positionals[0] || !fs.existsSync(positionals[0])) throw new ConfigError('Usage: npm run restore -- <backup file> [--force]');
    verified = await verifyBackup(positionals[0], { signingKey: config.backupSigningKey });
  }
  const database = await openDatabase(config);
  await database.migrate();
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    const file = positionals[0] ?? path.join('backups', `mugen-${stamp}.jsonl.gz`);
    const end = await writeBackup(database.db, file, { storage, dataDir: config.dataDir, signingKey: config.backupSigningKey });
    console.log(`[mugen] backup written to ${file} (${(fs.statSync(file).size / 1024).toFixed(0)} KB, ${Date.now() - t0} ms)`);
    console.log(
      Object.entries(end.tables)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    );
    console.log(`[mugen] ${end.media.files} media files (${config.s3 ? 'from the bucket' : 'from DATA_DIR/media'}), sha256 ${end.sha256}`);
    console.log(
      config.backupSigningKey
        ? '[mugen] signed with BACKUP_SIGNING_KEY: a restore with the same key refuses the file if it is changed'
        : '[mugen] not signed (BACKUP_SIGNING_KEY is not set): keep the file where only you can write',
    );
    if (vapidInEnv)
      console.log('[mugen] the web push keys come from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY and are not in this file: keep them');
  } else {
    const file = positionals[0];
    const done = await restoreBackup(database.db, file, { storage, dataDir: config.dataDir, force: values.force, verified });
    if (verified?.signed && !config.backupSigningKey)
      console.log('[mugen] this backup is signed, but BACKUP_SIGNING_KEY is not set: its signature was not checked');
    const rows = Object.entries(done.tables).map(([k, v]) => `${k} ${v}`);
    console.log(`[mugen] restored ${file} in ${Date.now() - t0} ms: ${rows.join(', ') || 'no rows'}; ${done.mediaFiles} media files`);
    if (vapidInEnv && done.files.includes('vapid.json'))
      console.log(
        '[mugen] VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are set, so the restored DATA_DIR/vapid.json is not used: they must be the pair the push subscriptions were made with',
      );
    else if (!vapidInEnv && !done.files.includes('vapid.json'))
      console.log(
        '[mugen] this backup holds no web push keys: set VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY to the pair of the old server, or every push subscription fails',
      );
  }
  await database.close();
} catch (e) {
  // One line for the operator: a refused backup (nothing was written), a bad setting, or what failed.
  console.error(`[mugen] ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
