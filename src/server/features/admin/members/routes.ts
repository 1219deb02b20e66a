import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminsOnly } from '../../../http/guards';
import type { AppDeps } from '../../../types';

/** The console's 会員管理 (members, premium, invitation permission, access status, detail, history, sessions). */
export function adminMembersRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return adminsOnly(async (_admins) => {});
}
