import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FollowAnswerSchema,
  FollowCountsSchema,
  FollowersSchema,
  FollowingSchema,
  FollowRecordListSchema,
  FollowStatusSchema,
  UserIdParamSchema,
  UserRefParamSchema,
} from '../../../shared/schemas/social';
import { errorAnswers } from '../../http/errors';
import { memberOf, membersOnly, viewerOf } from '../../http/guards';
import type { AppDeps } from '../../types';
import { followCountsOf, followRecordsOf, followStatusOf, followUsersOf, setFollowing } from './service';

export function followsRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/users/:id/follow-status',
      { schema: { tags: ['follows'], params: UserRefParamSchema, response: { 200: FollowStatusSchema, ...errorAnswers(404) } } },
      async (request) => followStatusOf(db, request.params.id, (await viewerOf(request))?.userId ?? null),
    );
    app.get(
      '/api/users/:id/follow-counts',
      { schema: { tags: ['follows'], params: UserRefParamSchema, response: { 200: FollowCountsSchema, ...errorAnswers(404) } } },
      async (request) => followCountsOf(db, request.params.id),
    );
    app.get(
      '/api/users/:id/followers',
      { schema: { tags: ['follows'], params: UserRefParamSchema, response: { 200: FollowersSchema, ...errorAnswers(404) } } },
      async (request) => ({ followers: await followUsersOf(db, request.params.id, 'followers') }),
    );
    app.get(
      '/api/users/:id/following',
      { schema: { tags: ['follows'], params: UserRefParamSchema, response: { 200: FollowingSchema, ...errorAnswers(404) } } },
      async (request) => ({ following: await followUsersOf(db, request.params.id, 'following') }),
    );
    for (const direction of ['followers', 'following'] as const) {
      app.get(
        `/api/follows/${direction}/:userId`,
        {
          schema: {
            tags: ['follows'],
            summary: `Follow records (${direction})`,
            params: UserIdParamSchema,
            response: { 200: FollowRecordListSchema, ...errorAnswers(404) },
          },
        },
        async (request) => followRecordsOf(db, request.params.userId, direction),
      );
    }

    await app.register(
      membersOnly(async (members) => {
        for (const method of ['POST', 'DELETE'] as const) {
          members.route({
            method,
            url: '/api/users/:id/follow',
            schema: {
              tags: ['follows'],
              summary: method === 'POST' ? 'Follow a member' : 'Unfollow a member',
              params: UserRefParamSchema,
              response: { 200: FollowAnswerSchema, ...errorAnswers(400, 401, 404) },
            },
            handler: async (request) => setFollowing(db, memberOf(request).id, request.params.id, method === 'POST'),
          });
        }
      }),
    );
  };
}
