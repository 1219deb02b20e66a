import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SuccessSchema } from '../../../shared/schemas/auth';
import { ErrorSchema, IdParamSchema } from '../../../shared/schemas/common';
import { NotificationSchema, UnreadCountSchema } from '../../../shared/schemas/social';
import type { AppDeps } from '../../app';
import { notifications } from '../../db/schema';
import { requireUser } from '../auth/guard';
import { listNotifications, unreadCount } from './service';

export function notificationsRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/notifications',
      {
        schema: {
          tags: ['notifications'],
          summary: 'My notifications, newest first',
          response: { 200: z.array(NotificationSchema), 401: ErrorSchema },
        },
      },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        reply.header('Cache-Control', 'private, no-store');
        return listNotifications(db, me.id);
      },
    );
    app.get(
      '/api/notifications/unread-count',
      { schema: { tags: ['notifications'], response: { 200: UnreadCountSchema, 401: ErrorSchema } } },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        reply.header('Cache-Control', 'private, no-store');
        return { count: await unreadCount(db, me.id) };
      },
    );
    app.post(
      '/api/notifications/read-all',
      { schema: { tags: ['notifications'], response: { 200: SuccessSchema, 401: ErrorSchema } } },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        await db
          .update(notifications)
          .set({ isRead: true })
          .where(and(eq(notifications.userId, me.id), eq(notifications.isRead, false)));
        return { success: true as const };
      },
    );
    app.post(
      '/api/notifications/:id/read',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark one of my notifications read',
          params: IdParamSchema,
          response: { 200: SuccessSchema, 401: ErrorSchema, 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        const done = await db
          .update(notifications)
          .set({ isRead: true })
          .where(and(eq(notifications.id, request.params.id), eq(notifications.userId, me.id)))
          .returning({ id: notifications.id });
        if (!done.length) return reply.code(404).send({ message: '通知が見つかりません' });
        return { success: true as const };
      },
    );
  };
}
