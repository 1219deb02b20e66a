import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminContactListSchema, AdminContactQuerySchema } from '../../../../shared/schemas/admin-contact';
import { errorAnswers } from '../../../http/errors';
import { adminsOnly } from '../../../http/guards';
import type { AppDeps } from '../../../types';
import { listContactMessages } from './contact';

/** The console's 監視: the contact form's messages (the figures come from /health and /ping). */
export function adminMonitoringRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return adminsOnly(async (admins) => {
    admins.get(
      '/api/admin/contact-messages',
      {
        schema: {
          tags: ['admin'],
          summary: 'Messages sent with the contact form, newest first, 10 a page, with whether they were mailed',
          querystring: AdminContactQuerySchema,
          response: { 200: AdminContactListSchema, ...errorAnswers(400, 401) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return listContactMessages(db, request.query.page);
      },
    );
  });
}
