import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE } from '../../../../shared/schemas/admin';
import {
  ADMIN_MEMBERS_ALL_MAX,
  AdminAccessBodySchema,
  AdminInvitationBodySchema,
  AdminListeningHistorySchema,
  AdminMemberArraySchema,
  AdminMemberDetailSchema,
  AdminMemberIdParamSchema,
  AdminMemberListSchema,
  AdminMemberSchema,
  AdminMembersQuerySchema,
  AdminPremiumBodySchema,
  AdminPremiumPatchSchema,
  AdminSessionListSchema,
} from '../../../../shared/schemas/admin-members';
import { SuccessSchema } from '../../../../shared/schemas/common';
import { errorAnswers } from '../../../http/errors';
import { adminsOnly } from '../../../http/guards';
import type { AppDeps } from '../../../types';
import {
  deleteMember,
  listMembers,
  type MembersDeps,
  memberDetail,
  memberListeningHistory,
  memberSessions,
  setMemberAccess,
  setMemberInvitation,
  setMemberPremium,
} from './service';

/** The console's 会員管理 (members, premium, invitation permission, access status, detail, history, sessions). */
export function adminMembersRoutes({ db, storage, payments, now }: AppDeps): FastifyPluginAsyncZod {
  const deps: MembersDeps = { db, storage, paymentsMode: payments?.mode ?? null, now };
  const tags = ['admin'];
  return adminsOnly(async (admins) => {
    admins.get(
      '/api/admin/users',
      {
        schema: {
          tags,
          summary: 'Members, newest first, one page (search by name, e-mail or id), with the filtered and total counts',
          querystring: AdminMembersQuerySchema,
          response: { 200: z.union([AdminMemberListSchema, AdminMemberArraySchema]), ...errorAnswers(400, 401) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const { page, limit, search } = request.query;
        // The spec's call without paging: the members as an array (C-7.4-03).
        if (page === undefined && limit === undefined)
          return (await listMembers(deps, { page: 1, limit: ADMIN_MEMBERS_ALL_MAX, search })).users;
        return listMembers(deps, { page: page ?? 1, limit: limit ?? ADMIN_PAGE_SIZE, search });
      },
    );
    admins.post(
      '/api/admin/users/premium',
      {
        schema: {
          tags,
          summary: 'Grant premium until endDate (30 days from now when absent) or revoke it',
          body: AdminPremiumBodySchema,
          response: { 200: AdminMemberSchema, ...errorAnswers(400, 401, 404, 409) },
        },
      },
      async (request) =>
        setMemberPremium(deps, request.body.userId, { isPremium: request.body.isPremium, endDate: request.body.endDate ?? null }),
    );
    admins.patch(
      '/api/admin/users/:id/premium',
      {
        schema: {
          tags,
          summary: 'Premium on (30 days from now) or off',
          params: AdminMemberIdParamSchema,
          body: AdminPremiumPatchSchema,
          response: { 200: AdminMemberSchema, ...errorAnswers(400, 401, 404, 409) },
        },
      },
      async (request) => setMemberPremium(deps, request.params.id, { isPremium: request.body.isPremium, endDate: null }),
    );
    admins.post(
      '/api/admin/users/invitation-status',
      {
        schema: {
          tags,
          summary: 'Whether the member may invite',
          body: AdminInvitationBodySchema,
          response: { 200: AdminMemberSchema, ...errorAnswers(400, 401, 404) },
        },
      },
      async (request) => setMemberInvitation(deps, request.body.userId, request.body.canInvite),
    );
    admins.post(
      '/api/admin/users/access-status',
      {
        schema: {
          tags,
          summary: "The member's access status (approved, pending, denied), enforced on their next call",
          body: AdminAccessBodySchema,
          response: { 200: AdminMemberSchema, ...errorAnswers(400, 401, 404) },
        },
      },
      async (request) => setMemberAccess(deps, request.body.userId, request.body.accessStatus),
    );
    admins.delete(
      '/api/admin/users/:id',
      {
        schema: {
          tags,
          summary: 'Delete the member as a self-deletion does; their sessions end at once',
          params: AdminMemberIdParamSchema,
          response: { 200: SuccessSchema, ...errorAnswers(400, 401, 404, 409) },
        },
      },
      async (request) => {
        await deleteMember(deps, request.params.id);
        return { success: true as const };
      },
    );
    admins.get(
      '/api/admin/users/:id',
      {
        schema: {
          tags,
          summary: 'One member and their figures',
          params: AdminMemberIdParamSchema,
          response: { 200: AdminMemberDetailSchema, ...errorAnswers(400, 401, 404) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return memberDetail(deps, request.params.id);
      },
    );
    admins.get(
      '/api/admin/users/:id/listening-history',
      {
        schema: {
          tags,
          summary: "The member's newest 100 listening history entries",
          params: AdminMemberIdParamSchema,
          response: { 200: AdminListeningHistorySchema, ...errorAnswers(400, 401, 404) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return memberListeningHistory(deps, request.params.id);
      },
    );
    admins.get(
      '/api/admin/users/:id/sessions',
      {
        schema: {
          tags,
          summary: "The member's live sessions",
          params: AdminMemberIdParamSchema,
          response: { 200: AdminSessionListSchema, ...errorAnswers(400, 401, 404) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return memberSessions(deps, request.params.id);
      },
    );
  });
}
