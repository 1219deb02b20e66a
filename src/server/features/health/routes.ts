import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema, PingSchema } from '../../../shared/schemas/health';
import { servedModels, settingProblems } from '../../providers/problems';
import { offlineVoice } from '../../providers/tts/index';
import type { AppDeps } from '../../types';

export function healthRoutes({ database, config }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness, memory, database connection, provider settings found wrong and the voice that speaks',
          response: { 200: HealthSchema, 503: HealthSchema },
        },
      },
      async (_request, reply) => {
        const connected = await database.ping();
        const mem = process.memoryUsage();
        const offline = offlineVoice();
        reply.header('Cache-Control', 'no-store');
        return reply.code(connected ? 200 : 503).send({
          status: connected ? 'ok' : 'degraded',
          uptime: Math.round(process.uptime() * 1000) / 1000,
          memory: { used: mem.heapUsed, total: mem.heapTotal },
          database: { connected },
          problems: settingProblems(),
          models: servedModels(),
          voice: {
            speaks: config.tts.provider === 'offline' ? offline.name : config.tts.provider,
            offline: offline.name,
            why: offline.why,
          },
          timestamp: new Date().toISOString(),
        });
      },
    );
    app.get('/ping', { schema: { tags: ['health'], response: { 200: PingSchema } } }, async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { pong: true as const, timestamp: new Date().toISOString() };
    });
  };
}
