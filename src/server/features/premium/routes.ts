import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../../shared/schemas/common';
import { PremiumStatusSchema } from '../../../shared/schemas/premium';
import { memberOf, membersOnly } from '../../http/guards';
import type { AppDeps } from '../../types';
import { premiumStatusOf } from './service';

export function premiumRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return membersOnly(db, async (members) => {
    members.get(
      '/api/auth/premium-status',
      {
        schema: {
          tags: ['premium'],
          summary: 'Whether I am premium, until when, and days remaining',
          response: { 200: PremiumStatusSchema, 401: ErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return premiumStatusOf(memberOf(request));
      },
    );
  });
}
