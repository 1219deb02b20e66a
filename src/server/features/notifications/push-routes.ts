import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SuccessSchema } from '../../../shared/schemas/common';
import {
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
  TestPushAnswerSchema,
  TestPushBodySchema,
  VapidKeySchema,
} from '../../../shared/schemas/push';
import { errorAnswers } from '../../http/errors';
import { memberOf, membersOnly } from '../../http/guards';
import type { AppDeps } from '../../types';
import { pushToUser, removeSubscription, saveSubscription, TEST_PUSH } from './push';

export function pushRoutes({ db, push, config }: AppDeps): FastifyPluginAsyncZod {
  const policy = { extraOrigins: config.pushExtraOrigins };
  return async (app) => {
    app.get(
      '/api/push/vapid-key',
      { schema: { tags: ['push'], summary: 'The VAPID public key for PushManager.subscribe', response: { 200: VapidKeySchema } } },
      async () => ({ publicKey: push.vapid.publicKey }),
    );

    await app.register(
      membersOnly(async (members) => {
        members.post(
          '/api/push/subscribe',
          {
            schema: {
              tags: ['push'],
              summary: "Save this device's push subscription (browsers' push services only)",
              body: PushSubscriptionSchema,
              response: { 200: SuccessSchema, ...errorAnswers(400, 401, 409) },
            },
          },
          async (request) => {
            await saveSubscription(db, policy, memberOf(request).id, request.body, request.headers['user-agent']);
            return { success: true as const };
          },
        );
        members.post(
          '/api/push/unsubscribe',
          {
            schema: {
              tags: ['push'],
              summary: "Forget this device's push subscription",
              body: PushUnsubscribeSchema,
              response: { 200: SuccessSchema, ...errorAnswers(401) },
            },
          },
          async (request) => {
            await removeSubscription(db, memberOf(request).id, request.body.endpoint);
            return { success: true as const };
          },
        );
        members.post(
          '/api/notifications/test-push',
          {
            schema: {
              tags: ['push'],
              summary: 'Send a test notification to my devices',
              body: TestPushBodySchema,
              response: { 200: TestPushAnswerSchema, ...errorAnswers(401) },
            },
          },
          async (request) => {
            const r = await pushToUser(db, push.send, memberOf(request).id, TEST_PUSH);
            return { success: r.sent > 0, ...r };
          },
        );
      }),
    );
  };
}
