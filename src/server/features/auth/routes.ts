import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../../../shared/messages';
import {
  ConsentSessionSchema,
  DevLoginSchema,
  GoogleStartQuerySchema,
  SuccessSchema,
  UserAnswerSchema,
  UserSchema,
} from '../../../shared/schemas/auth';
import { ErrorSchema } from '../../../shared/schemas/common';
import type { AppDeps } from '../../app';
import { authFlows, consentSessions, sessions, users } from '../../db/schema';
import { deleteAccount } from './account';
import { clearSessionCookie, OIDC_STATE_COOKIE, safeRedirect, setSessionCookie, withFromAuth } from './cookies';
import { devChooserPage } from './dev-chooser';
import { currentUser, requireUser } from './guard';
import { createOidc, type Oidc } from './oidc';
import { type SignInResult, signInOrRegister } from './service';
import { createSession, hashToken, SESSION_COOKIE } from './session';
import { toUser } from './users';

const FLOW_TTL_MS = 10 * 60_000;
const SignInRefusedSchema = z.object({ message: z.string(), reason: z.enum(['invitation_required', 'invalid_invitation']) });

const REFUSAL = {
  invitation_required: { page: '/closed-beta', message: '新規登録には招待が必要です' },
  invalid_invitation: { page: '/invalid-invitation', message: 'この招待コードは使用済みか、有効期限が切れています' },
} as const;

export function authRoutes({ db, config }: AppDeps): FastifyPluginAsyncZod {
  const oidc: Oidc | undefined = config.oidc ? createOidc(config.oidc) : undefined;

  return async (app) => {
    const origin = (request: { protocol: string; host: string }) => config.publicUrl ?? `${request.protocol}://${request.host}`;

    const startSession = async (reply: import('fastify').FastifyReply, userId: string, deviceInfo: string | undefined) => {
      const { token, expiresAt } = await createSession(db, { userId, ttlDays: config.sessionTtlDays, deviceInfo });
      setSessionCookie(reply, config, token, expiresAt);
    };

    app.get(
      '/api/auth/google',
      { schema: { tags: ['auth'], summary: 'Start Google sign-in (browser navigation)', querystring: GoogleStartQuerySchema } },
      async (request, reply) => {
        const q = request.query;
        const payment = q.payment === 'true' || q.payment === '1';
        const target = safeRedirect(q.redirect, payment);
        const invitationCode = (q.code ?? q.invitation)?.trim() || undefined;
        if (oidc) {
          const redirectUri = `${origin(request)}/api/auth/google/callback`;
          let flow: Awaited<ReturnType<Oidc['start']>>;
          try {
            flow = await oidc.start(redirectUri);
          } catch (err) {
            request.log.error({ err }, 'OpenID discovery failed');
            return reply.redirect(errorTarget(target));
          }
          await db.insert(authFlows).values({
            state: flow.state,
            codeVerifier: flow.codeVerifier,
            nonce: flow.nonce,
            redirect: target,
            invitationCode: invitationCode ?? null,
            payment,
          });
          reply.setCookie(OIDC_STATE_COOKIE, flow.state, {
            path: '/api/auth',
            httpOnly: true,
            sameSite: 'lax',
            secure: config.isProduction,
            maxAge: FLOW_TTL_MS / 1000,
          });
          return reply.redirect(flow.url);
        }
        if (config.devLogin) {
          const params = new URLSearchParams({ redirect: target });
          if (invitationCode) params.set('code', invitationCode);
          return reply.redirect(`/api/auth/dev?${params}`);
        }
        return reply.code(503).send({ message: 'ログインは現在利用できません' });
      },
    );

    app.get(
      '/api/auth/google/callback',
      {
        schema: {
          tags: ['auth'],
          summary: 'OpenID Connect callback: verifies the id_token, then signs in or registers',
          querystring: z
            .object({ state: z.string().max(200).optional(), code: z.string().max(2000).optional(), error: z.string().max(200).optional() })
            .passthrough(),
        },
      },
      async (request, reply) => {
        if (!oidc) return reply.code(404).send({ message: MESSAGES.notFound });
        const state = request.query.state;
        const cookieState = request.cookies[OIDC_STATE_COOKIE];
        reply.clearCookie(OIDC_STATE_COOKIE, { path: '/api/auth' });
        // One use only: the flow row is deleted as it is read, so a replayed callback finds nothing.
        const [flow] = state && cookieState === state ? await db.delete(authFlows).where(eq(authFlows.state, state)).returning() : [];
        if (!flow || Date.now() - flow.createdAt.getTime() > FLOW_TTL_MS) {
          request.log.warn('sign-in callback with an unknown, expired or foreign state');
          return reply.redirect(errorTarget('/'));
        }
        const target = flow.redirect ?? '/';
        let result: SignInResult;
        try {
          const url = new URL(request.url, `${origin(request)}`);
          const identity = await oidc.finish(url, flow);
          result = await signInOrRegister(db, identity, flow.invitationCode ?? undefined, config);
        } catch (err) {
          request.log.warn({ err: (err as Error).message }, 'sign-in failed');
          return reply.redirect(errorTarget(target));
        }
        if (!result.ok) return reply.redirect(REFUSAL[result.reason].page);
        await startSession(reply, result.user.id, request.headers['user-agent']);
        return reply.redirect(withFromAuth(target));
      },
    );

    // The development chooser exists only without Google and never in production: absent, not refused.
    if (config.devLogin) {
      app.get(
        '/api/auth/dev',
        {
          schema: { hide: true, querystring: z.object({ redirect: z.string().max(500).optional(), code: z.string().max(64).optional() }) },
        },
        async (request, reply) => {
          const members = await db
            .select({ name: users.name, email: users.email })
            .from(users)
            .where(isNotNull(users.email))
            .orderBy(desc(users.createdAt))
            .limit(20);
          const nonce = randomBytes(16).toString('base64');
          return reply
            .header('Content-Type', 'text/html; charset=utf-8')
            .header('Cache-Control', 'no-store')
            .header(
              'Content-Security-Policy',
              `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; frame-ancestors 'none'`,
            )
            .send(
              devChooserPage({
                members: members.map((m) => ({ name: m.name, email: m.email ?? '' })),
                target: withFromAuth(safeRedirect(request.query.redirect, false)),
                invitationCode: request.query.code ?? '',
                nonce,
              }),
            );
        },
      );

      app.post(
        '/api/auth/dev-login',
        {
          schema: {
            tags: ['auth'],
            summary: 'Development sign-in by e-mail (absent in production and when Google is configured)',
            body: DevLoginSchema,
            response: { 200: UserAnswerSchema, 403: SignInRefusedSchema },
          },
        },
        async (request, reply) => {
          const { email, name, invitationCode } = request.body;
          const result = await signInOrRegister(
            db,
            { issuer: 'dev', subject: email, email, name: name ?? null, picture: null },
            invitationCode || undefined,
            config,
          );
          if (!result.ok) return reply.code(403).send({ message: REFUSAL[result.reason].message, reason: result.reason });
          await startSession(reply, result.user.id, request.headers['user-agent']);
          return { user: result.user };
        },
      );
    }

    app.get(
      '/api/auth/user',
      { schema: { tags: ['auth'], summary: 'The signed-in user (401 when signed out)', response: { 200: UserSchema, 401: ErrorSchema } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        const user = await requireUser(db, request, reply);
        if (!user) return reply;
        return toUser(user);
      },
    );

    const endSession = async (token: string | undefined) => {
      if (token && token.length <= 200) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    };
    app.get(
      '/api/auth/logout',
      { schema: { tags: ['auth'], summary: 'Sign out (browser navigation), then home' } },
      async (request, reply) => {
        await endSession(request.cookies[SESSION_COOKIE]);
        clearSessionCookie(reply, config);
        return reply.redirect('/');
      },
    );
    app.post(
      '/api/auth/logout',
      { schema: { tags: ['auth'], summary: 'Sign out', response: { 200: SuccessSchema } } },
      async (request, reply) => {
        await endSession(request.cookies[SESSION_COOKIE]);
        clearSessionCookie(reply, config);
        return { success: true as const };
      },
    );

    app.delete(
      '/api/auth/account',
      {
        schema: {
          tags: ['auth'],
          summary: 'Delete the account and what belongs only to it, then sign out',
          response: { 200: SuccessSchema, 401: ErrorSchema },
        },
      },
      async (request, reply) => {
        const user = await requireUser(db, request, reply);
        if (!user) return reply;
        await deleteAccount(db, user.id);
        clearSessionCookie(reply, config);
        return { success: true as const };
      },
    );

    app.post(
      '/api/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'Record the cookie-consent choice of this browser session',
          body: ConsentSessionSchema,
          response: { 200: SuccessSchema },
        },
      },
      async (request) => {
        const viewer = await request.viewer();
        const { id, cookieConsent, analyticsConsent } = request.body;
        await db
          .insert(consentSessions)
          .values({ id, cookieConsent, analyticsConsent, userId: viewer?.userId ?? null })
          .onConflictDoUpdate({
            target: consentSessions.id,
            set: { cookieConsent, analyticsConsent, updatedAt: sql`now()`, ...(viewer?.userId ? { userId: viewer.userId } : {}) },
          });
        return { success: true as const };
      },
    );

    if (!config.isProduction) {
      app.get(
        '/api/debug/session',
        { schema: { tags: ['auth'], summary: 'Debug: what the server knows of this session (never in production)' } },
        async (request, reply) => {
          reply.header('Cache-Control', 'no-store');
          const viewer = await request.viewer();
          const user = await currentUser(db, request);
          const active = viewer
            ? await db
                .select({
                  id: sessions.id,
                  createdAt: sessions.createdAt,
                  lastActiveAt: sessions.lastActiveAt,
                  expiresAt: sessions.expiresAt,
                  deviceInfo: sessions.deviceInfo,
                })
                .from(sessions)
                .where(and(eq(sessions.id, viewer.sessionId), gt(sessions.expiresAt, sql`now()`)))
            : [];
          return {
            authenticated: Boolean(user),
            hasSessionCookie: Boolean(request.cookies[SESSION_COOKIE]),
            userId: user?.id ?? null,
            isAdmin: viewer?.isAdmin ?? false,
            persistedUserIdHeader: request.headers['x-persisted-user-id'] ?? null,
            session: active[0] ?? null,
          };
        },
      );
    }
  };
}

function errorTarget(target: string): string {
  return target.startsWith('/premium') ? '/premium?error=auth_failed' : '/closed-beta?error=auth_failed';
}
