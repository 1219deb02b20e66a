import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MESSAGES } from '../shared/messages/api';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { accessRoutes } from './features/access/routes';
import { adminRoutes } from './features/admin/routes';
import { authRoutes } from './features/auth/routes';
import { creationRoutes } from './features/creation/routes';
import type { CreationVoice } from './features/creation/voice';
import { feedsRoutes } from './features/feeds/routes';
import { followsRoutes } from './features/follows/routes';
import { healthRoutes } from './features/health/routes';
import { historyRoutes } from './features/history/routes';
import { likesRoutes } from './features/likes/routes';
import { startPushDispatcher } from './features/notifications/push';
import { pushRoutes } from './features/notifications/push-routes';
import { notificationsRoutes } from './features/notifications/routes';
import { playlistsRoutes } from './features/playlists/routes';
import { demoIntents } from './features/premium/demo-intents';
import { premiumRoutes } from './features/premium/routes';
import { profileRoutes } from './features/profile/routes';
import { questionsRoutes } from './features/questions/routes';
import { radioRoutes } from './features/radio/routes';
import { readingsRoutes } from './features/readings/routes';
import { searchRoutes } from './features/search/routes';
import { cardFor, withCard } from './features/share-cards/service';
import { supportRoutes } from './features/support/routes';
import { relayTrackChanges } from './features/tracks/changes';
import { tracksRoutes } from './features/tracks/routes';
import { usersRoutes } from './features/users/routes';
import { postgresCounters, redisCounters } from './http/counters';
import { AppError, notFound, sendError } from './http/errors';
import { ADMIN_SECURITY_SCHEME, SESSION_SECURITY_SCHEME } from './http/guards';
import { htmlPageSender } from './http/html-page';
import { registerInputGuard } from './http/input-guard';
import { countPushFailure, registerMetrics } from './http/metrics';
import { registerOriginCheck } from './http/origin';
import { publicOrigin } from './http/public-origin';
import { registerRateLimits } from './http/rate-limits';
import { RequestLog } from './http/request-log';
import { registerSecurityHeaders } from './http/security-headers';
import { serializerCompiler } from './http/serializer';
import { adminResolver, viewerResolver } from './http/session';
import { createIdentity } from './providers/identity/index';
import { createJapaneseEngine } from './providers/japanese/helper';
import type { JapaneseEngine } from './providers/japanese/types';
import { createLlm } from './providers/llm/index';
import type { LlmProvider } from './providers/llm/types';
import { createPayments } from './providers/payments/index';
import { createWebPushSender, type PushSender } from './providers/push/sender';
import { loadVapidKeys } from './providers/push/vapid';
import { createStorage } from './providers/storage/index';
import type { StorageProvider } from './providers/storage/types';
import type { AppDeps } from './types';

export type { AppDeps } from './types';

export interface BuildOptions {
  /** An already open (and migrated) database; otherwise one is opened from the config. */
  database?: Database;
  storage?: StorageProvider;
  /** A language model other than LLM_PROVIDER's (tests give a stand-in). */
  llm?: LlmProvider;
  /** The Japanese engine (main.ts shares one with the task workers; tests share one per worker); made here otherwise. */
  japanese?: JapaneseEngine;
  /** A push sender other than the Web Push protocol (tests may count deliveries). */
  pushSender?: PushSender;
  /** The creation's voice (tests give a fast or failing one); the offline voice otherwise. */
  voice?: CreationVoice;
  /** The clock of time-based rules (premium periods and pauses): tests control it. */
  now?: () => Date;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // No secrets in logs: sign-in codes, states and tokens in URLs are masked; headers (cookies) are never logged.
            serializers: {
              req: (req: { method: string; url: string; id?: string }) => ({ method: req.method, url: redactUrl(req.url) }),
            },
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    // A hop count believes that many proxies in front (Fastify's own reading of a number, which its types omit).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1_048_576,
    // Request lines only in production, where they carry the request id for tracing: one per request.
    logController: new RequestLog({ disableRequestLogging: !config.isProduction }),
    requestIdHeader: 'x-request-id',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = opts.database ?? (await openDatabase(config));
  const storage = opts.storage ?? createStorage(config);
  const llm = opts.llm ?? createLlm(config.llm);
  const japanese = opts.japanese ?? createJapaneseEngine();
  if (!opts.japanese) app.addHook('onClose', () => japanese.close());
  const identity = createIdentity(config);
  const vapid = loadVapidKeys({ ...config.vapid, dataDir: config.dataDir });
  const push = {
    vapid,
    send: opts.pushSender ?? createWebPushSender(vapid, { extraOrigins: config.pushExtraOrigins }, countPushFailure),
  };
  const now = opts.now ?? (() => new Date());
  const payments = createPayments(config, demoIntents(database.db), now);
  // Rate limits and the sign-in lockout count in a store every instance shares (issue 24).
  const counters = config.redisUrl ? redisCounters(config.redisUrl) : postgresCounters(database.db);
  app.addHook('onClose', () => counters.close());
  const deps: AppDeps = { config, database, db: database.db, storage, llm, japanese, identity, push, payments, now, counters };
  if (config.pushPollMs > 0) {
    const stop = startPushDispatcher(database.db, push.send, config.pushPollMs, (err) => app.log.error({ err }, 'push delivery failed'));
    app.addHook('onClose', stop);
  }
  // Other instances' track changes reach this instance's caches (stream metadata, catalogue page).
  const stopRelay = await relayTrackChanges(database);
  app.addHook('onClose', stopRelay);
  if (!opts.database) app.addHook('onClose', () => database.close());

  const webDir = config.webDir;
  const hasWeb = webDir !== undefined && fs.existsSync(path.join(webDir, 'index.html'));
  // index.html is read once per start (it changes only with a new build); each page gets its card.
  const indexHtml = hasWeb ? fs.readFileSync(path.join(webDir, 'index.html'), 'utf8') : '';
  await registerSecurityHeaders(app, config, indexHtml);
  const sendPage = htmlPageSender();

  await app.register(fastifyCookie);
  await registerRateLimits(app, config, counters);
  app.decorateRequest('lookUpAdmin', adminResolver(database.db));
  app.decorateRequest('lookUpViewer', viewerResolver(database.db, config.sessionTtlDays));
  app.decorateRequest('member', null);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });

  registerOriginCheck(app, config.publicUrl);
  registerInputGuard(app);
  registerMetrics(app, deps);

  app.setErrorHandler((error, request, reply) => {
    // A service's failure for a person to read (http/errors.ts): its status and catalogue message.
    if (error instanceof AppError) return sendError(reply.headers(error.headers), error.status, error.message, error.extra);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      // Our schemas carry the spec's Japanese messages; zod's own defaults are English, so those
      // become the generic message with the field's name.
      if (first?.message && /[\u3040-\u30ff\u4e00-\u9faf]/.test(first.message)) return sendError(reply, 400, first.message);
      const where = first?.instancePath ? ` (${first.instancePath.replace(/^\//, '')})` : '';
      return sendError(reply, 400, `${MESSAGES.invalidRequest}${where}`);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, MESSAGES.serverError);
    }
    if (status === 429) return sendError(reply, 429, MESSAGES.tooManyRequests);
    // Client errors from Fastify itself (bad JSON, body too large, ...): a short message, no stack.
    return sendError(reply, status, status === 413 ? MESSAGES.payloadTooLarge : MESSAGES.invalidRequest);
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Mugen API', description: '無限: Japanese AI talk radio', version: '0.1.0' },
      servers: config.publicUrl ? [{ url: config.publicUrl }] : [],
      components: { securitySchemes: { session: SESSION_SECURITY_SCHEME, adminSession: ADMIN_SECURITY_SCHEME } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes(deps));
  await app.register(tracksRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(accessRoutes(deps));
  await app.register(profileRoutes(deps));
  await app.register(likesRoutes(deps));
  await app.register(followsRoutes(deps));
  await app.register(usersRoutes(deps));
  await app.register(notificationsRoutes(deps));
  await app.register(playlistsRoutes(deps));
  await app.register(historyRoutes(deps));
  await app.register(premiumRoutes(deps));
  await app.register(creationRoutes(deps, opts.voice));
  await app.register(searchRoutes(deps));
  await app.register(pushRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(supportRoutes(deps));
  await app.register(feedsRoutes(deps));
  await app.register(radioRoutes(deps));
  await app.register(readingsRoutes(deps));
  await app.register(questionsRoutes(deps, opts.voice));

  if (hasWeb && webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(webDir, filePath);
        if (rel.startsWith(`assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    const isApi =
      url.startsWith('/api/') ||
      url === '/api' ||
      url === '/health' ||
      url === '/ping' ||
      url === '/metrics' ||
      url.startsWith('/uploads/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url)) {
      // Client-side routes (including unknown ones, which the app renders as its 404 page).
      const origin = publicOrigin(config);
      const card = await cardFor(database.db, url, origin).catch(() => null);
      return sendPage(request, reply, withCard(indexHtml, card, origin), { keep: card === null ? origin : null });
    }
    throw notFound();
  });

  return app;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

const SECRET_PARAMS = /([?&](?:code|state|token|session|invitation|password)=)[^&#]*/gi;
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1***');
