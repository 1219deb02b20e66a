// `npm run worker`: task workers in a process of their own (PostgreSQL deployments; any number of them).
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { demoIntents } from '../features/premium/demo-intents';
import { startJobWorkers } from '../jobs/workers';
import { keepHeapSmall } from '../lib/heap';
import { lineCacheDir } from '../providers/audio/line-cache';
import { closeRenderProcess } from '../providers/audio/render-process';
import { createJapaneseEngine } from '../providers/japanese/helper';
import { createPayments } from '../providers/payments/index';
import { createStorage } from '../providers/storage/index';

keepHeapSmall();
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('[mugen] npm run worker needs DATABASE_URL: the embedded database is the app process’s own, whose workers run inside it');
  process.exit(1);
}
const database = await openDatabase(config);
await database.migrate();
const japanese = createJapaneseEngine();
const stop = await startJobWorkers(database, createStorage(config), {
  japanese,
  tts: config.tts,
  lineCache: lineCacheDir(config.dataDir),
  llm: config.llm,
  payments: createPayments(config, demoIntents(database.db), () => new Date()),
  mail: config.mail,
  log: (err) => console.error('[mugen] task failed:', err),
});
console.log('[mugen] worker ready');
const shutdown = async () => {
  await stop();
  await closeRenderProcess();
  await japanese.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
