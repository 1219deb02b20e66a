import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '../../../shared/schemas/common';
import {
  FollowAnswerSchema,
  FollowCountsSchema,
  FollowersSchema,
  FollowingSchema,
  FollowRecordSchema,
  FollowStatusSchema,
  UserIdParamSchema,
  UserRefParamSchema,
} from '../../../shared/schemas/social';
import { memberOf, membersOnly } from '../../http/guards';
import type { AppDeps } from '../../types';
import { currentUser } from '../auth/guard';
import { followCounts, followRecords, followRecordsOf, isFollowing, setFollowing, targetOf } from './service';

export function followsRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/users/:id/follow-status',
      { schema: { tags: ['follows'], params: UserRefParamSchema, response: { 200: FollowStatusSchema, 404: ErrorSchema } } },
      async (request) => {
        const target = await targetOf(db, request.params.id);
        const me = await currentUser(db, request);
        return { isFollowing: me ? await isFollowing(db, me.id, target.id) : false };
      },
    );
    app.get(
      '/api/users/:id/follow-counts',
      { schema: { tags: ['follows'], params: UserRefParamSchema, response: { 200: FollowCountsSchema, 404: ErrorSchema } } },
      async (request) => followCounts(db, (await targetOf(db, request.params.id)).id),
    );
    app.get(
      '/api/users/:id/followers',
      { schema: { tags: ['follows'], params: UserRefParamSchema, response: { 200: FollowersSchema, 404: ErrorSchema } } },
      async (request) => ({
        followers: (await followRecords(db, (await targetOf(db, request.params.id)).id, 'followers')).map((r) => r.user),
      }),
    );
    app.get(
      '/api/users/:id/following',
      { schema: { tags: ['follows'], params: UserRefParamSchema, response: { 200: FollowingSchema, 404: ErrorSchema } } },
      async (request) => ({
        following: (await followRecords(db, (await targetOf(db, request.params.id)).id, 'following')).map((r) => r.user),
      }),
    );
    for (const direction of ['followers', 'following'] as const) {
      app.get(
        `/api/follows/${direction}/:userId`,
        {
          schema: {
            tags: ['follows'],
            summary: `Follow records (${direction})`,
            params: UserIdParamSchema,
            response: { 200: z.array(FollowRecordSchema), 404: ErrorSchema },
          },
        },
        async (request) => followRecordsOf(db, request.params.userId, direction),
      );
    }

    await app.register(
      membersOnly(db, async (members) => {
        for (const method of ['POST', 'DELETE'] as const) {
          members.route({
            method,
            url: '/api/users/:id/follow',
            schema: {
              tags: ['follows'],
              summary: method === 'POST' ? 'Follow a member' : 'Unfollow a member',
              params: UserRefParamSchema,
              response: { 200: FollowAnswerSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
            },
            handler: async (request) => setFollowing(db, memberOf(request).id, request.params.id, method === 'POST'),
          });
        }
      }),
    );
  };
}
