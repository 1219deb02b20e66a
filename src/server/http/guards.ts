import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_API_MESSAGES } from '../../shared/messages/admin';
import { MESSAGES } from '../../shared/messages/api';
import { GATE_REFUSALS } from '../../shared/rules/access';
import type { UserRow } from '../db/schema';
import { sendError } from './errors';
import type { Viewer } from './session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, set by the members-only guard before validation (null elsewhere): read it with memberOf. */
    member: UserRow | null;
  }
}

/**
 * Who is calling, asked one of two ways (docs/conventions.md, "A route"):
 * - `memberOf(request)` inside a `membersOnly` scope: the member, never null (the guard answered 401 before);
 * - `viewerOf(request)` anywhere: the viewer (session, member row, operator flag), or null for a visitor.
 */
export function viewerOf(request: FastifyRequest): Promise<Viewer | null> {
  return request.lookUpViewer();
}

/** The member of a members-only route. Calling it outside a guarded scope is a programming error. */
export function memberOf(request: FastifyRequest): UserRow {
  if (!request.member) throw new Error('memberOf() outside a guardMembers() scope');
  return request.member;
}

/** The OpenAPI security requirement of members-only routes (the session cookie). */
export const MEMBER_SECURITY = [{ session: [] as string[] }];
export const SESSION_SECURITY_SCHEME = { type: 'apiKey', in: 'cookie', name: 'mugen_session' } as const;
/** The OpenAPI security requirement of the operators' console (its own cookie, issue 18). */
export const ADMIN_SECURITY = [{ adminSession: [] as string[] }];
export const ADMIN_SECURITY_SCHEME = { type: 'apiKey', in: 'cookie', name: 'mugen_admin' } as const;

/**
 * Makes every route registered in this scope members-only: one onRequest hook answers 401 to anyone
 * without a live member session before the body, params or query are even validated (and 403 with the
 * access gate's reason to a member the operator set pending or denied, GATE_EXEMPT_ROUTES aside), and hands the
 * member to the handlers as `request.member` (read it with `memberOf`). The routes are marked in the
 * OpenAPI document with the session security requirement, which the guard test reads. With
 * `admitAdmins` an operator's admin session passes too, with no member (membersOrAdmins).
 *
 *   await app.register(
 *     membersOnly(async (members) => {
 *       members.post('/api/playlists', ..., async (request) => createPlaylist(db, memberOf(request), request.body));
 *     }),
 *   );
 */
export function guardMembers(scope: FastifyInstance, opts: { admitAdmins?: boolean } = {}) {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...(route.schema ?? {}), security: MEMBER_SECURITY } as typeof route.schema;
  });
  scope.addHook('onRequest', async (request, reply) => {
    const viewer = await viewerOf(request);
    if (opts.admitAdmins && viewer?.isAdmin) return;
    const user = viewer?.member;
    if (!user) return sendError(reply, 401, MESSAGES.loginRequired);
    if (refusedByGate(request, user)) return refuseByGate(reply, user);
    request.member = user;
  });
}

/**
 * The members-only calls a pending or denied member may still make (issue 18, decision 0024): who is
 * signed in (the shell and the status pages' logout), deleting the account, and stopping a subscription
 * they pay for (/cancel). Logout and GET /api/access-control are not members-only. Everything else
 * answers 403 with the gate's reason.
 */
export const GATE_EXEMPT_ROUTES: readonly string[] = [
  'GET /api/auth/user',
  'DELETE /api/auth/account',
  'GET /api/auth/premium-status',
  'GET /api/premium/subscription',
  'POST /api/premium/cancel',
];

/** Whether the member's access status (set by the operator) refuses this call. */
function refusedByGate(request: FastifyRequest, user: UserRow): boolean {
  if (user.accessStatus !== 'pending' && user.accessStatus !== 'denied') return false;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return !GATE_EXEMPT_ROUTES.includes(`${method} ${request.routeOptions.url}`);
}

/** 403 with the gate's reason and message (shared/rules/access.ts), as GET /api/access-control says it. */
function refuseByGate(reply: FastifyReply, user: UserRow) {
  const reason = user.accessStatus === 'pending' ? 'pending_approval' : 'access_denied';
  return sendError(reply, 403, GATE_REFUSALS[reason].message, { reason });
}

/** A plugin whose routes are all members-only (see guardMembers), typed for the zod schemas. */
export function membersOnly(routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (scope, opts) => {
    guardMembers(scope);
    await routes(scope, opts);
  };
}

/**
 * Like membersOnly, but an operator's admin session passes too (moderation of members' tracks):
 * handlers read the caller with `viewerOf(request)` (an operator has no member).
 */
export function membersOrAdmins(routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (scope, opts) => {
    guardMembers(scope, { admitAdmins: true });
    await routes(scope, opts);
  };
}

/**
 * Makes every route registered in this scope operators-only (issue 18): one onRequest hook answers 401
 * 管理者認証が必要です to anyone without a live admin session (a member's session never is one) before
 * the body, params or query are validated. The routes are marked with the admin security requirement,
 * which the guard test reads. Handlers read the operator with `viewerOf(request)` (`isAdmin`, `adminSessionId`).
 */
export function adminsOnly(routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (scope, opts) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...(route.schema ?? {}), security: ADMIN_SECURITY } as typeof route.schema;
    });
    scope.addHook('onRequest', async (request, reply) => {
      if (!(await request.lookUpAdmin())) return sendError(reply, 401, ADMIN_API_MESSAGES.authRequired);
    });
    await routes(scope, opts);
  };
}
