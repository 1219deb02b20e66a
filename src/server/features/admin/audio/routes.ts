import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminsOnly } from '../../../http/guards';
import type { AppDeps } from '../../../types';

/** The console's 音声管理 (files list, upload, AI generation by server-sent events, file location and sync). */
export function adminAudioRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return adminsOnly(async (_admins) => {});
}
