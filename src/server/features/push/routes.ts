import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '../../../shared/schemas/common';
import type { AppDeps } from '../../app';
import { requireUser } from '../auth/guard';
import { pushToUser, removeSubscription, saveSubscription } from './service';

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]+={0,2}$/)
  .max(200);
const SubscriptionSchema = z.object({
  endpoint: z
    .string()
    .url()
    .max(2000)
    .refine((u) => /^https?:\/\//.test(u), 'endpoint must be http(s)'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});

export function pushRoutes({ db, push }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/push/vapid-key',
      {
        schema: {
          tags: ['push'],
          summary: 'The VAPID public key for PushManager.subscribe',
          response: { 200: z.object({ publicKey: z.string() }) },
        },
      },
      async () => ({
        publicKey: push.vapid.publicKey,
      }),
    );

    app.post(
      '/api/push/subscribe',
      {
        schema: {
          tags: ['push'],
          summary: "Save this device's push subscription",
          body: SubscriptionSchema,
          response: { 200: z.object({ success: z.literal(true) }), 401: ErrorSchema },
        },
      },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        await saveSubscription(db, me.id, request.body, request.headers['user-agent']);
        return { success: true as const };
      },
    );
    app.post(
      '/api/push/unsubscribe',
      {
        schema: {
          tags: ['push'],
          summary: "Forget this device's push subscription",
          body: z.object({ endpoint: z.string().max(2000) }),
          response: { 200: z.object({ success: z.literal(true) }), 401: ErrorSchema },
        },
      },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        await removeSubscription(db, me.id, request.body.endpoint);
        return { success: true as const };
      },
    );
    app.post(
      '/api/notifications/test-push',
      {
        schema: {
          tags: ['push'],
          summary: 'Send a test notification to my devices',
          body: z.object({ test: z.boolean().optional() }).nullish(),
          response: {
            200: z.object({ success: z.boolean(), sent: z.number().int(), failed: z.number().int(), devices: z.number().int() }),
            401: ErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        const r = await pushToUser(db, push.send, me.id, {
          title: '無限',
          body: 'テスト通知です。通知は正しく届いています。',
          url: '/notifications',
          tag: 'test-push',
          test: true,
        });
        return { success: r.sent > 0, ...r };
      },
    );
  };
}
