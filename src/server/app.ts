import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MESSAGES } from '../shared/messages';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { accessRoutes } from './features/access/routes';
import { authRoutes } from './features/auth/routes';
import { viewerResolver } from './features/auth/session';
import { cardFor, withCard } from './features/cards/service';
import { followsRoutes } from './features/follows/routes';
import { htmlPageSender } from './features/health/html-page';
import { registerRateLimits } from './features/health/rate-limits';
import { healthRoutes } from './features/health/routes';
import { registerSecurityHeaders } from './features/health/security';
import { historyRoutes } from './features/history/routes';
import { likesRoutes } from './features/likes/routes';
import { notificationsRoutes } from './features/notifications/routes';
import { playlistsRoutes } from './features/playlists/routes';
import { profileRoutes } from './features/profiles/routes';
import { pushRoutes } from './features/push/routes';
import { startPushDispatcher } from './features/push/service';
import { searchRoutes } from './features/search/routes';
import { tracksRoutes } from './features/tracks/routes';
import { usersRoutes } from './features/users/routes';
import { createWebPushSender, type PushSender } from './providers/push/sender';
import { loadVapidKeys, type VapidKeys } from './providers/push/vapid';
import { createStorage } from './providers/storage/index';
import type { StorageProvider } from './providers/storage/types';

export interface AppDeps {
  config: Config;
  database: Database;
  db: Database['db'];
  storage: StorageProvider;
  push: { vapid: VapidKeys; send: PushSender };
}

export interface BuildOptions {
  /** An already open (and migrated) database; otherwise one is opened from the config. */
  database?: Database;
  storage?: StorageProvider;
  /** A push sender other than the Web Push protocol (tests may count deliveries). */
  pushSender?: PushSender;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // Request lines only in production, where they carry the request id for tracing.
    logController: new LogController({ disableRequestLogging: !config.isProduction }),
    requestIdHeader: 'x-request-id',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = opts.database ?? (await openDatabase(config));
  const storage = opts.storage ?? createStorage(config);
  const vapid = loadVapidKeys({ ...config.vapid, dataDir: config.dataDir });
  const push = { vapid, send: opts.pushSender ?? createWebPushSender(vapid) };
  const deps: AppDeps = { config, database, db: database.db, storage, push };
  if (config.pushPollMs > 0) {
    const stop = startPushDispatcher(database.db, push.send, config.pushPollMs, (err) => app.log.error({ err }, 'push delivery failed'));
    app.addHook('onClose', stop);
  }
  if (!opts.database) app.addHook('onClose', () => database.close());

  const webDir = config.webDir;
  const hasWeb = webDir !== undefined && fs.existsSync(path.join(webDir, 'index.html'));
  // index.html is read once per start (it changes only with a new build); each page gets its card.
  const indexHtml = hasWeb ? fs.readFileSync(path.join(webDir, 'index.html'), 'utf8') : '';
  await registerSecurityHeaders(app, config, indexHtml);
  const sendPage = htmlPageSender();

  await app.register(fastifyCookie);
  await registerRateLimits(app, config);
  app.decorateRequest('viewer', viewerResolver(database.db, config.sessionTtlDays));
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });

  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin && !isSameOrigin(origin, request.headers.host, config.publicUrl)) {
      return sendError(reply, 403, MESSAGES.crossOrigin);
    }
  });

  app.setErrorHandler((error, request, reply) => {
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
    return sendError(reply, status, status === 413 ? '送信データが大きすぎます' : MESSAGES.invalidRequest);
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Mugen API', description: '無限: Japanese AI talk radio', version: '0.1.0' },
      servers: config.publicUrl ? [{ url: config.publicUrl }] : [],
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
  await app.register(searchRoutes(deps));
  await app.register(pushRoutes(deps));

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
    const isApi = url.startsWith('/api/') || url === '/api' || url === '/health' || url === '/ping' || url.startsWith('/uploads/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url)) {
      // Client-side routes (including unknown ones, which the app renders as its 404 page).
      const origin = config.publicUrl ?? `${request.protocol}://${request.host}`;
      const card = await cardFor(database.db, url, origin).catch(() => null);
      return sendPage(request, reply, withCard(indexHtml, card, origin), { keep: card === null ? origin : null });
    }
    return reply.code(404).send({ message: isApi ? MESSAGES.notFound : MESSAGES.notFound });
  });

  return app;
}

/**
 * An error answer from a hook or the error handler: serialised directly, not by the route's response
 * schemas (which describe the handler's own answers).
 */
function sendError(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send({ message });
}

const SECRET_PARAMS = /([?&](?:code|state|token|session|invitation|password)=)[^&#]*/gi;
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1***');

function isSameOrigin(origin: string, host: string | undefined, publicUrl: string | undefined): boolean {
  try {
    const o = new URL(origin);
    if (publicUrl && o.origin === new URL(publicUrl).origin) return true;
    return host !== undefined && o.host === host;
  } catch {
    return false;
  }
}
