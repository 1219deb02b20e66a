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
import type { AppDeps } from '../../app';
import { currentUser, requireUser } from '../auth/guard';
import { findUserByRef } from '../users/service';
import { follow, followCounts, followRecords, isFollowing, unfollow } from './service';

const USER_NOT_FOUND = 'ユーザーが見つかりません';

export function followsRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const method of ['POST', 'DELETE'] as const) {
      app.route({
        method,
        url: '/api/users/:id/follow',
        schema: {
          tags: ['follows'],
          summary: method === 'POST' ? 'Follow a member' : 'Unfollow a member',
          params: UserRefParamSchema,
          response: { 200: FollowAnswerSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
        },
        handler: async (request, reply) => {
          const me = await requireUser(db, request, reply);
          if (!me) return reply;
          const target = await findUserByRef(db, request.params.id);
          if (!target) return reply.code(404).send({ message: USER_NOT_FOUND });
          if (target.id === me.id) return reply.code(400).send({ message: '自分自身をフォローすることはできません' });
          if (method === 'POST') await follow(db, me.id, target.id);
          else await unfollow(db, me.id, target.id);
          const counts = await followCounts(db, target.id);
          return { success: true as const, isFollowing: method === 'POST', followerCount: counts.followerCount };
        },
      });
    }

    app.get(
      '/api/users/:id/follow-status',
      { schema: { tags: ['follows'], params: UserRefParamSchema, response: { 200: FollowStatusSchema, 404: ErrorSchema } } },
      async (request, reply) => {
        const target = await findUserByRef(db, request.params.id);
        if (!target) return reply.code(404).send({ message: USER_NOT_FOUND });
        const me = await currentUser(db, request);
        return { isFollowing: me ? await isFollowing(db, me.id, target.id) : false };
      },
    );

    app.get(
      '/api/users/:id/follow-counts',
      { schema: { tags: ['follows'], params: UserRefParamSchema, response: { 200: FollowCountsSchema, 404: ErrorSchema } } },
      async (request, reply) => {
        const target = await findUserByRef(db, request.params.id);
        if (!target) return reply.code(404).send({ message: USER_NOT_FOUND });
        return followCounts(db, target.id);
      },
    );

    app.get(
      '/api/users/:id/followers',
      { schema: { tags: ['follows'], params: UserRefParamSchema, response: { 200: FollowersSchema, 404: ErrorSchema } } },
      async (request, reply) => {
        const target = await findUserByRef(db, request.params.id);
        if (!target) return reply.code(404).send({ message: USER_NOT_FOUND });
        return { followers: (await followRecords(db, target.id, 'followers')).map((r) => r.user) };
      },
    );
    app.get(
      '/api/users/:id/following',
      { schema: { tags: ['follows'], params: UserRefParamSchema, response: { 200: FollowingSchema, 404: ErrorSchema } } },
      async (request, reply) => {
        const target = await findUserByRef(db, request.params.id);
        if (!target) return reply.code(404).send({ message: USER_NOT_FOUND });
        return { following: (await followRecords(db, target.id, 'following')).map((r) => r.user) };
      },
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
        async (request, reply) => {
          const target = await findUserByRef(db, request.params.userId);
          if (!target) return reply.code(404).send({ message: USER_NOT_FOUND });
          const rows = await followRecords(db, target.id, direction);
          return rows.map((r) => ({
            id: r.id,
            createdAt: r.createdAt.toISOString(),
            ...(direction === 'followers' ? { follower: r.user } : { following: r.user }),
          }));
        },
      );
    }
  };
}
