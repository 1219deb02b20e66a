import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccessControlSchema, InvitationListSchema, InvitationStatsSchema } from '../../../shared/schemas/auth';
import { errorAnswers } from '../../http/errors';
import { memberOf, membersOnly, viewerOf } from '../../http/guards';
import type { AppDeps } from '../../types';
import { accessOf } from './gate';
import { invitationStats, myInvitations } from './invitations';

export function accessRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/access-control',
      {
        schema: {
          tags: ['access'],
          summary: 'Whether this visitor may enter the members-only pages (never cached)',
          response: { 200: AccessControlSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store, max-age=0').header('Pragma', 'no-cache');
        return accessOf(await viewerOf(request));
      },
    );

    await app.register(
      membersOnly(async (members) => {
        members.get(
          '/api/invitations/stats',
          {
            schema: {
              tags: ['access'],
              summary: 'Uses of my invitations and the uses still available',
              response: { 200: InvitationStatsSchema, ...errorAnswers(401) },
            },
          },
          async (request) => invitationStats(db, memberOf(request)),
        );
        members.get(
          '/api/invitations/my',
          { schema: { tags: ['access'], summary: 'My invitation codes', response: { 200: InvitationListSchema, ...errorAnswers(401) } } },
          async (request) => myInvitations(db, memberOf(request)),
        );
      }),
    );
  };
}
