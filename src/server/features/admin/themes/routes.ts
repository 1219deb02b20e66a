import fastifyWebsocket from '@fastify/websocket';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminSpeakingRate } from '../../../../shared/rules/admin-themes';
import { ADMIN_PAGE_SIZE } from '../../../../shared/schemas/admin';
import {
  ADMIN_TASKS_ALL_MAX,
  AdminMessageSchema,
  AdminTaskArraySchema,
  AdminTasksAnswerSchema,
  AdminTasksQuerySchema,
  ClearedAnswerSchema,
  ExtractAnswerSchema,
  GenerateAudioBodySchema,
  GenerateContentQuerySchema,
  NewThemeBodySchema,
  ScheduledJobsAnswerSchema,
  TaskIdAnswerSchema,
  ThemeIdParamSchema,
  ThemeSchema,
  ThemeStatusBodySchema,
  ThemesAnswerSchema,
  YoutubeExtractBodySchema,
} from '../../../../shared/schemas/admin-themes';
import { errorAnswers } from '../../../http/errors';
import { adminsOnly, viewerOf } from '../../../http/guards';
import { sameOriginReadsOnly, sameOriginSocketsOnly } from '../../../http/origin';
import type { AppDeps } from '../../../types';
import { SESSION_ENDED_CLOSE, watchSessionSockets } from '../../auth/public';
import { progressSocket, streamProgress } from './live';
import { createProgressHub } from './progress';
import {
  cancelTask,
  cleanupInvalidTasks,
  clearFailedTasks,
  createTheme,
  deleteTheme,
  extractThemes,
  generateFromText,
  generateThemeAudio,
  listScheduledJobs,
  listTasks,
  listThemes,
  setThemeStatus,
} from './service';

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'private, no-store');

/**
 * The console's テーマ管理 and generation tasks (issue 18): YouTube extraction, the theme library,
 * generate-audio, the task queue, AI生成's stream (GET /api/generate-content) and /ws live progress.
 * Every route, the stream and the WebSocket upgrade included, is operators-only (adminsOnly answers 401
 * before anything else). The generation runs on the task queue (generation.ts).
 */
export function adminThemesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, database, config, llm } = deps;
  return adminsOnly(async (admins) => {
    const hub = await createProgressHub(database);
    admins.addHook('onClose', () => hub.close());
    // An open /ws closes when its operator's session ends, on every instance (issue 24.5).
    const sessionSockets = await watchSessionSockets(database);
    admins.addHook('onClose', () => sessionSockets.close());
    const progress = progressSocket(db, hub);
    // Registered in this scope only: its hooks and route handling concern /ws, no other route.
    await admins.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
    // An upgrade refused before the plugin saw it (adminsOnly's 401 comes first) still owns its socket: close it.
    admins.addHook('onResponse', async (request, reply) => {
      if (request.raw.headers.upgrade && reply.statusCode !== 101) request.raw.socket?.destroy();
    });

    admins.get(
      '/api/admin/themes',
      {
        schema: {
          tags: ['admin'],
          summary: 'The theme library: pending and approved themes, content cut to 150 characters; a theme being generated is left out',
          response: { 200: ThemesAnswerSchema, ...errorAnswers(401) },
        },
      },
      async (_request, reply) => {
        noStore(reply);
        return listThemes(db);
      },
    );
    admins.post(
      '/api/admin/themes',
      {
        schema: {
          tags: ['admin'],
          summary: 'Add a theme by hand (pending), for when YouTube cannot be reached',
          body: NewThemeBodySchema,
          response: { 200: ThemeSchema, ...errorAnswers(400, 401) },
        },
      },
      async (request) => createTheme(db, request.body),
    );
    admins.post(
      '/api/admin/youtube/extract',
      {
        schema: {
          tags: ['admin'],
          summary: 'Themes (title, perspective, content) proposed by the script writer from a YouTube video, stored as pending',
          body: YoutubeExtractBodySchema,
          response: { 200: ExtractAnswerSchema, ...errorAnswers(400, 401, 422, 429, 503) },
        },
      },
      async (request) => extractThemes(db, llm, request.body),
    );
    admins.patch(
      '/api/admin/themes/:id/status',
      {
        schema: {
          tags: ['admin'],
          summary: 'Review a theme: pending → approved or rejected, approved → rejected',
          params: ThemeIdParamSchema,
          body: ThemeStatusBodySchema,
          response: { 200: ThemeSchema, ...errorAnswers(400, 401, 404, 409) },
        },
      },
      async (request) => setThemeStatus(db, request.params.id, request.body.status),
    );
    admins.delete(
      '/api/admin/themes/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Delete a theme (refused while it is being generated)',
          params: ThemeIdParamSchema,
          response: { 200: AdminMessageSchema, ...errorAnswers(400, 401, 404, 409) },
        },
      },
      async (request) => deleteTheme(db, request.params.id),
    );
    admins.post(
      '/api/admin/themes/:id/generate-audio',
      {
        schema: {
          tags: ['admin'],
          summary:
            "An approved theme's MP3 as a generation task (speakingRate 0.5, 0.75, 1.0, 1.25 or 1.5; 0.75 by default; premiumOnly publishes it for premium members; format and length as on generate-script)",
          params: ThemeIdParamSchema,
          body: GenerateAudioBodySchema,
          response: { 200: TaskIdAnswerSchema, ...errorAnswers(400, 401, 404, 409) },
        },
      },
      async (request) =>
        generateThemeAudio(db, request.params.id, {
          speakingRate: request.body.speakingRate as AdminSpeakingRate,
          premiumOnly: request.body.premiumOnly,
          format: request.body.format,
          length: request.body.length,
        }),
    );

    admins.get(
      '/api/admin/tasks',
      {
        schema: {
          tags: ['admin'],
          summary: 'The generation queue, newest first, a page at a time (the console asks every 3 s)',
          querystring: AdminTasksQuerySchema,
          response: { 200: z.union([AdminTasksAnswerSchema, AdminTaskArraySchema]), ...errorAnswers(400, 401) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { page, limit } = request.query;
        // The spec's call without paging: the tasks as an array (C-7.4-15).
        if (page === undefined && limit === undefined) return (await listTasks(db, { page: 1, limit: ADMIN_TASKS_ALL_MAX })).tasks;
        return listTasks(db, { page: page ?? 1, limit: limit ?? ADMIN_PAGE_SIZE });
      },
    );
    admins.get(
      '/api/admin/scheduled-jobs',
      {
        schema: {
          tags: ['admin'],
          summary: 'The jobs the workers run on a schedule, with their last and next run',
          response: { 200: ScheduledJobsAnswerSchema, ...errorAnswers(401) },
        },
      },
      async (_request, reply) => {
        noStore(reply);
        return listScheduledJobs(db);
      },
    );
    admins.post(
      '/api/admin/tasks/:id/cancel',
      {
        schema: {
          tags: ['admin'],
          summary: 'Cancel a queued or running generation task (a running one stops at its next step and publishes nothing)',
          params: ThemeIdParamSchema,
          response: { 200: AdminMessageSchema, ...errorAnswers(400, 401, 404, 409) },
        },
      },
      async (request) => cancelTask(db, request.params.id),
    );
    admins.delete(
      '/api/admin/tasks/failed',
      {
        schema: {
          tags: ['admin'],
          summary: 'Clear the failed and cancelled generation tasks',
          response: { 200: ClearedAnswerSchema, ...errorAnswers(401) },
        },
      },
      async () => clearFailedTasks(db),
    );
    admins.delete(
      '/api/admin/cleanup/invalid-tasks',
      {
        schema: {
          tags: ['admin'],
          summary: 'Clear generation tasks that can never run or lead nowhere: unreadable payload, deleted theme, deleted track',
          response: { 200: ClearedAnswerSchema, ...errorAnswers(401) },
        },
      },
      async () => cleanupInvalidTasks(db),
    );

    admins.get(
      '/api/generate-content',
      {
        // A GET that starts a generation: only a page of this site may ask (fetch metadata, else Origin or Referer; #24.6).
        onRequest: sameOriginReadsOnly(config.publicUrl),
        schema: {
          tags: ['admin'],
          summary:
            'AI生成: the text (1 to 1,000 characters) becomes a published track (premiumOnly=true: for premium members; format and length as on generate-script); server-sent events status {stage, progress}, complete {trackId}, error {message}',
          querystring: GenerateContentQuerySchema,
          response: errorAnswers(400, 401, 403),
        },
      },
      async (request, reply) => {
        const { inputText, speakingRate, premiumOnly, format, length } = request.query;
        const taskId = await generateFromText(db, inputText, {
          speakingRate: speakingRate as AdminSpeakingRate,
          premiumOnly,
          format,
          length,
        });
        streamProgress(request, reply, db, hub, taskId);
        return reply;
      },
    );

    admins.get(
      '/ws',
      {
        websocket: true,
        // A browser always names the page that opens a WebSocket: another site's page is refused.
        onRequest: sameOriginSocketsOnly(config.publicUrl),
      },
      (socket, request) => {
        progress(socket, request);
        viewerOf(request).then(
          (viewer) =>
            viewer?.adminSessionId
              ? sessionSockets.watch(viewer.adminSessionId, socket)
              : socket.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason),
          () => socket.terminate(),
        );
      },
    );
  });
}
