import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { appMeta } from './db/schema';
import { seedDemoAccounts, seedDemoTracks } from './features/demo-content/seed';
import { demoIntents } from './features/premium/demo-intents';
import { sweepReadings } from './features/search/readings';
import { startJobWorkers } from './jobs/workers';
import { keepHeapSmall } from './lib/heap';
import { serverRunningOn, writePidFile } from './lib/pid-file';
import { lineCacheDir } from './providers/audio/line-cache';
import { closeRenderProcess, renderDialogueInWorker } from './providers/audio/render-process';
import { createJapaneseEngine } from './providers/japanese/helper';
import { createLlm } from './providers/llm/index';
import { createPayments } from './providers/payments/index';
import { createStorage } from './providers/storage/index';
import { offlineVoice } from './providers/tts/index';
import { OPEN_JTALK_INSTALL } from './providers/tts/openjtalk';

// Plain lines on a laptop; JSON lines (like Fastify's own) in production, for log collectors.
const say = (msg: string) =>
  console.log(
    process.env.NODE_ENV === 'production' ? JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg }) : `[mugen] ${msg}`,
  );

async function main() {
  keepHeapSmall();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`[mugen] ${e.message}`);
      process.exit(1);
    }
    throw e;
  }

  const started = Date.now();
  // Which offline voice speaks (decision 0041): the voice of the demo, and of everything when TTS_PROVIDER is offline.
  const voice = offlineVoice();
  say(
    voice.why ? `offline voice: eSpeak NG; ${voice.why}. To install it: sudo sh -c '${OPEN_JTALK_INSTALL}'` : 'offline voice: Open JTalk',
  );
  say(`opening ${config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${path.join(config.dataDir, 'db')}`}`);
  if (!config.databaseUrl) {
    const other = serverRunningOn(config.dataDir);
    if (other) {
      console.error(`[mugen] another server (pid ${other}) is using ${config.dataDir}; the embedded database is one process's`);
      process.exit(1);
    }
  }
  const removePidFile = config.databaseUrl ? () => {} : writePidFile(config.dataDir);
  process.on('exit', removePidFile);
  const database = await openDatabase(config);
  say('migrating');
  await database.migrate();

  const storage = createStorage(config);
  let demo: { demoUserId: string } | null = null;
  if (config.demoSeed) {
    const [marker] = await database.db.select().from(appMeta).where(eq(appMeta.key, 'demo_seed'));
    if (marker?.value !== 'complete') {
      say('seeding demo accounts');
      demo = await seedDemoAccounts(database.db);
    }
  }

  // One language model for the app and its task workers (LLM_PROVIDER).
  const llm = createLlm(config.llm);
  // One Japanese engine (one dictionary helper) for the app and its task workers.
  const japanese = createJapaneseEngine();
  const app = await buildApp(config, { database, storage, llm, japanese });
  const seeding = new AbortController();
  let seedDone: Promise<void> = Promise.resolve();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal}: shutting down`);
    seeding.abort();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await seedDone.catch(() => {});
    await stopWorkers();
    // Stop accepting; requests in flight finish. A keep-alive connection becomes idle only when its
    // last answer is sent, so idle connections are swept until the server has closed.
    const closed = app.close();
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await closed;
    clearInterval(sweep);
    await closeRenderProcess();
    await japanese.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Task workers run in this process too (WORKERS_IN_APP=false leaves them to `npm run worker`).
  const stopWorkers = config.workersInApp
    ? await startJobWorkers(database, storage, {
        tts: config.tts,
        lineCache: lineCacheDir(config.dataDir),
        llm,
        japanese,
        payments: createPayments(config, demoIntents(database.db), () => new Date()),
        mail: config.mail,
        log: (err) => app.log.error({ err }, 'task failed'),
      })
    : async () => {};

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s at http://${shown}:${config.port} (API docs at /api/docs)`);
  // Readings that search by reading still lacks (every track's after migration 0012): in the background,
  // in the dictionary process (providers/japanese/helper.ts), which is started only when a text with
  // kanji needs reading and ends a minute after the last.
  void sweepReadings(database.db, japanese, (err) => app.log.error({ err }, 'search readings could not be computed'));
  // The bucket's permissions (issue 41.2): what the key lacks is on /health's problems.
  void storage
    .checkAccess?.()
    .then((missing) => missing.length && app.log.error({ missing }, 'the S3 key lacks permissions (see /health)'));

  if (demo) {
    const { demoUserId } = demo;
    seedDone = seedDemoTracks({
      db: database.db,
      storage,
      japanese,
      render: (script) => renderDialogueInWorker(script),
      demoUserId,
      log: { info: say },
      signal: seeding.signal,
      // Each helper ends when its part of the demo is done (issue 37.6): the dictionary before the
      // speech starts, the render helper before the search readings start the dictionary again.
      phases: { written: japanese.close, spoken: closeRenderProcess },
    })
      .then(async () => {
        await closeRenderProcess();
        if (seeding.signal.aborted) return;
        await database.db
          .insert(appMeta)
          .values({ key: 'demo_seed', value: 'complete' })
          .onConflictDoUpdate({ target: appMeta.key, set: { value: 'complete' } });
      })
      .catch((err) => {
        app.log.error({ err }, 'demo audio could not be made');
      });
  }
}

main().catch((err) => {
  console.error('[mugen] start failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
