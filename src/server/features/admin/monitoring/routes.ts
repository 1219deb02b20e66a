import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminsOnly } from '../../../http/guards';
import type { AppDeps } from '../../../types';

/** The console's 監視 (system figures for the monitoring page). */
export function adminMonitoringRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return adminsOnly(async (_admins) => {});
}
