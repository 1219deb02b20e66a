import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminsOnly } from '../../../http/guards';
import type { AppDeps } from '../../../types';

/** The console's テーマ管理 and generation tasks (YouTube extraction, theme library, generate-audio, task queue, /ws live progress). */
export function adminThemesRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return adminsOnly(async (_admins) => {});
}
