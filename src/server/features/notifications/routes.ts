import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema, SuccessSchema } from '../../../shared/schemas/common';
import { NotificationListSchema, UnreadCountSchema } from '../../../shared/schemas/social';
import { errorAnswers } from '../../http/errors';
import { memberOf, membersOnly } from '../../http/guards';
import type { AppDeps } from '../../types';
import { listNotifications, markAllRead, markRead, unreadCount } from './service';

export function notificationsRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return membersOnly(async (members) => {
    members.get(
      '/api/notifications',
      {
        schema: {
          tags: ['notifications'],
          summary: 'My notifications, newest first',
          response: { 200: NotificationListSchema, ...errorAnswers(401) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return listNotifications(db, memberOf(request).id);
      },
    );
    members.get(
      '/api/notifications/unread-count',
      { schema: { tags: ['notifications'], response: { 200: UnreadCountSchema, ...errorAnswers(401) } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return { count: await unreadCount(db, memberOf(request).id) };
      },
    );
    members.post(
      '/api/notifications/read-all',
      { schema: { tags: ['notifications'], response: { 200: SuccessSchema, ...errorAnswers(401) } } },
      async (request) => {
        await markAllRead(db, memberOf(request).id);
        return { success: true as const };
      },
    );
    members.post(
      '/api/notifications/:id/read',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark one of my notifications read',
          params: IdParamSchema,
          response: { 200: SuccessSchema, ...errorAnswers(401, 404) },
        },
      },
      async (request) => {
        await markRead(db, memberOf(request).id, request.params.id);
        return { success: true as const };
      },
    );
  });
}
