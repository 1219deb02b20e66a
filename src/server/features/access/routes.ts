import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessControl, AccessControlSchema, InvitationSchema, InvitationStatsSchema } from '../../../shared/schemas/auth';
import { ErrorSchema } from '../../../shared/schemas/common';
import type { AppDeps } from '../../app';
import { currentUser, requireUser } from '../auth/guard';
import { invitationsOf } from './invitations';

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
        const viewer = await request.viewer();
        let answer: AccessControl;
        if (!viewer || (!viewer.userId && !viewer.isAdmin)) {
          answer = { hasAccess: false, reason: viewer ? 'user_not_found' : 'not_authenticated' };
        } else if (!viewer.userId) {
          answer = { hasAccess: false, reason: 'user_not_found' };
        } else {
          const user = await currentUser(db, request);
          if (!user) answer = { hasAccess: false, reason: 'user_not_found' };
          else if (user.accessStatus === 'pending') answer = { hasAccess: false, reason: 'pending_approval' };
          else if (user.accessStatus === 'denied') answer = { hasAccess: false, reason: 'access_denied' };
          else answer = { hasAccess: true, reason: 'approved' };
        }
        return answer;
      },
    );

    app.get(
      '/api/invitations/stats',
      {
        schema: {
          tags: ['access'],
          summary: 'Uses of my invitations and the uses still available',
          response: { 200: InvitationStatsSchema, 401: ErrorSchema },
        },
      },
      async (request, reply) => {
        const user = await requireUser(db, request, reply);
        if (!user) return reply;
        const rows = await invitationsOf(db, user.id);
        return {
          totalInvitesUsed: rows.reduce((n, r) => n + r.usedCount, 0),
          availableInvites: user.canInvite
            ? rows.filter((r) => r.isActive).reduce((n, r) => n + Math.max(0, r.maxUses - r.usedCount), 0)
            : 0,
        };
      },
    );

    app.get(
      '/api/invitations/my',
      { schema: { tags: ['access'], summary: 'My invitation codes', response: { 200: z.array(InvitationSchema), 401: ErrorSchema } } },
      async (request, reply) => {
        const user = await requireUser(db, request, reply);
        if (!user) return reply;
        const rows = await invitationsOf(db, user.id);
        return rows.map((r) => ({
          id: r.id,
          code: r.code,
          usedCount: r.usedCount,
          maxUses: r.maxUses,
          // A member whose invite permission was taken away sees their codes as inactive.
          isActive: r.isActive && user.canInvite,
          createdAt: r.createdAt.toISOString(),
        }));
      },
    );
  };
}
