// `npm run seed [-- --audio-cache DIR]`: the demo (accounts, invitations, tracks with spoken audio) into
// the configured database; with --audio-cache, each track's audio is taken from DIR when it was made before.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { appMeta } from '../db/schema';
import { cachedRender } from '../features/demo-content/render-cache';
import { type RenderFn, seedDemoAccounts, seedDemoTracks } from '../features/demo-content/seed';
import { closeRenderProcess, renderDialogueInWorker } from '../providers/audio/render-process';
import { createJapaneseEngine } from '../providers/japanese/helper';
import { createStorage } from '../providers/storage/index';

try {
  const { values } = parseArgs({ options: { 'audio-cache': { type: 'string' } } });
  const speak: RenderFn = (script) => renderDialogueInWorker(script);
  const config = loadConfig();
  if (config.isProduction) throw new ConfigError('Invalid NODE_ENV=production: the demo seed never runs in production');
  const database = await openDatabase(config);
  await database.migrate();
  const { demoUserId } = await seedDemoAccounts(database.db);
  const japanese = createJapaneseEngine();
  await seedDemoTracks({
    db: database.db,
    storage: createStorage(config),
    japanese,
    render: values['audio-cache'] ? cachedRender(values['audio-cache'], speak) : speak,
    demoUserId,
    log: { info: (m) => console.log(`[mugen] ${m}`) },
  });
  await database.db
    .insert(appMeta)
    .values({ key: 'demo_seed', value: 'complete' })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: 'complete' } });
  await closeRenderProcess();
  await japanese.close();
  await database.close();
} catch (e) {
  console.error(`[mugen] ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
