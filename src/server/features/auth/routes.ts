import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../../shared/messages/api';
import { SIGN_IN_REFUSALS } from '../../../shared/rules/access';
import {
  ConsentSessionSchema,
  DevChooserQuerySchema,
  DevLoginSchema,
  GoogleStartQuerySchema,
  OidcCallbackQuerySchema,
  SignInRefusedSchema,
  SuccessSchema,
  UserAnswerSchema,
  UserSchema,
} from '../../../shared/schemas/auth';
import { errorAnswers, methodNotAllowed, notFound, unavailable } from '../../http/errors';
import { memberOf, membersOnly, viewerOf } from '../../http/guards';
import { publicOrigin } from '../../http/public-origin';
import { limitedAs } from '../../http/rate-limits';
import { SESSION_COOKIE } from '../../http/session';
import type { SignInStart } from '../../providers/identity/types';
import type { AppDeps } from '../../types';
import { deleteAccount } from './account';
import { clearSessionCookie, OIDC_STATE_COOKIE, safeRedirect, setSessionCookie, withFromAuth } from './cookies';
import { devChooserPage } from './dev-chooser';
import { SignInRefused, type SignInResult, signInOrRegister } from './service';
import { createSession } from './session';
import { endSessionByToken, liveSession, recentMembers, recordConsent, saveAuthFlow, takeAuthFlow } from './store';
import { toUser } from './users';

const FLOW_TTL_MS = 10 * 60_000;

export function authRoutes({ db, config, storage, identity }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const origin = publicOrigin(config);

    const endSession = (token: string | undefined) => endSessionByToken(db, token);
    /**
     * A sign-in always starts a new session (a new token: no fixation) and ends the one whose cookie
     * came with it, whoever it belonged to, so a browser never keeps a second member's session alive
     * behind the new one (ASVS 7.2.4).
     */
    const startSession = async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
      await endSession(request.cookies[SESSION_COOKIE]);
      const deviceInfo = request.headers['user-agent'];
      const { token, expiresAt } = await createSession(db, { userId, ttlDays: config.sessionTtlDays, deviceInfo });
      setSessionCookie(reply, config, token, expiresAt);
    };

    app.get(
      '/api/auth/google',
      {
        config: limitedAs('signIn'),
        schema: { tags: ['auth'], summary: 'Start Google sign-in (browser navigation)', querystring: GoogleStartQuerySchema },
      },
      async (request, reply) => {
        const q = request.query;
        const payment = q.payment === 'true' || q.payment === '1';
        const target = safeRedirect(q.redirect, payment);
        const invitationCode = (q.code ?? q.invitation)?.trim() || undefined;
        if (!identity) throw unavailable(MESSAGES.signInUnavailable);
        let started: SignInStart;
        try {
          started = await identity.start({ redirectUri: `${origin}/api/auth/google/callback`, target, invitationCode });
        } catch (err) {
          request.log.error({ err }, 'OpenID discovery failed');
          return reply.redirect(errorTarget(target));
        }
        const { flow } = started;
        if (flow) {
          await saveAuthFlow(db, { ...flow, redirect: target, invitationCode: invitationCode ?? null, payment });
          reply.setCookie(OIDC_STATE_COOKIE, flow.state, {
            path: '/api/auth',
            httpOnly: true,
            sameSite: 'lax',
            secure: config.isProduction,
            maxAge: FLOW_TTL_MS / 1000,
          });
        }
        return reply.redirect(started.url);
      },
    );

    app.get(
      '/api/auth/google/callback',
      {
        config: limitedAs('signIn'),
        schema: {
          tags: ['auth'],
          summary: 'OpenID Connect callback: verifies the id_token, then signs in or registers',
          querystring: OidcCallbackQuerySchema,
        },
      },
      async (request, reply) => {
        const finish = identity?.finish;
        if (!finish) throw notFound();
        const state = request.query.state;
        const cookieState = request.cookies[OIDC_STATE_COOKIE];
        reply.clearCookie(OIDC_STATE_COOKIE, { path: '/api/auth' });
        // One use only: the flow row is deleted as it is read, so a replayed callback finds nothing.
        const flow = state && cookieState === state ? await takeAuthFlow(db, state) : null;
        if (!flow || Date.now() - flow.createdAt.getTime() > FLOW_TTL_MS) {
          request.log.warn('sign-in callback with an unknown, expired or foreign state');
          return reply.redirect(errorTarget('/'));
        }
        const target = flow.redirect ?? '/';
        let result: SignInResult;
        try {
          const url = new URL(request.url, origin);
          result = await signInOrRegister(db, await finish(url, flow), flow.invitationCode ?? undefined, config);
        } catch (err) {
          if (err instanceof SignInRefused) return reply.redirect(SIGN_IN_REFUSALS[err.reason].page);
          request.log.warn({ err: (err as Error).message }, 'sign-in failed');
          return reply.redirect(errorTarget(target));
        }
        await startSession(request, reply, result.user.id);
        return reply.redirect(withFromAuth(target));
      },
    );

    // The development chooser exists only with the offline sign-in (without Google, never in production): absent, not refused.
    const offlineIdentity = identity?.offlineIdentity;
    if (offlineIdentity) {
      app.get(
        '/api/auth/dev',
        {
          schema: { hide: true, querystring: DevChooserQuerySchema },
        },
        async (request, reply) => {
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
                members: await recentMembers(db),
                target: withFromAuth(safeRedirect(request.query.redirect, false)),
                back: safeRedirect(request.query.redirect, false),
                invitationCode: request.query.code ?? '',
                nonce,
              }),
            );
        },
      );

      app.post(
        '/api/auth/dev-login',
        {
          config: limitedAs('signIn'),
          schema: {
            tags: ['auth'],
            summary: 'Development sign-in by e-mail (absent in production and when Google is configured)',
            body: DevLoginSchema,
            response: { 200: UserAnswerSchema, 403: SignInRefusedSchema },
          },
        },
        async (request, reply) => {
          const { email, name, invitationCode } = request.body;
          const result = await signInOrRegister(db, offlineIdentity({ email, name: name ?? null }), invitationCode || undefined, config);
          await startSession(request, reply, result.user.id);
          return { user: result.user };
        },
      );
    }

    // Signing out changes state: POST, behind the Origin check, is the way. The spec's "logout by
    // browser navigation" is kept only for a navigation the user or this site started (Fetch Metadata:
    // Sec-Fetch-Site none or same-origin); a link, image or redirect from another site, or a client that
    // sends no fetch metadata, ends nothing (the Lax cookie would travel with a cross-site navigation).
    app.get(
      '/api/auth/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign out by a same-origin browser navigation (Sec-Fetch-Site none or same-origin), then home; otherwise 405',
          response: errorAnswers(405),
        },
      },
      async (request, reply) => {
        const site = request.headers['sec-fetch-site'];
        if (site !== 'same-origin' && site !== 'none') {
          throw methodNotAllowed('POST', MESSAGES.logoutPostOnly);
        }
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

    await app.register(
      membersOnly(async (members) => {
        members.get(
          '/api/auth/user',
          {
            schema: {
              tags: ['auth'],
              summary: 'The signed-in user (401 when signed out)',
              response: { 200: UserSchema, ...errorAnswers(401) },
            },
          },
          async (request, reply) => {
            reply.header('Cache-Control', 'private, no-store');
            return toUser(memberOf(request));
          },
        );
        members.delete(
          '/api/auth/account',
          {
            schema: {
              tags: ['auth'],
              summary: 'Delete the account and what belongs only to it, then sign out',
              response: { 200: SuccessSchema, ...errorAnswers(401) },
            },
          },
          async (request, reply) => {
            await deleteAccount(db, storage, memberOf(request).id);
            clearSessionCookie(reply, config);
            return { success: true as const };
          },
        );
      }),
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
        const viewer = await viewerOf(request);
        await recordConsent(db, request.body, viewer?.userId ?? null);
        return { success: true as const };
      },
    );

    if (!config.isProduction) {
      app.get(
        '/api/debug/session',
        { schema: { tags: ['auth'], summary: 'Debug: what the server knows of this session (never in production)' } },
        async (request, reply) => {
          reply.header('Cache-Control', 'no-store');
          const viewer = await viewerOf(request);
          const active = viewer ? await liveSession(db, viewer.sessionId) : null;
          return {
            authenticated: Boolean(viewer?.member),
            hasSessionCookie: Boolean(request.cookies[SESSION_COOKIE]),
            userId: viewer?.userId ?? null,
            isAdmin: viewer?.isAdmin ?? false,
            persistedUserIdHeader: request.headers['x-persisted-user-id'] ?? null,
            session: active,
          };
        },
      );
    }
  };
}

function errorTarget(target: string): string {
  return target.startsWith('/premium') ? '/premium?error=auth_failed' : '/closed-beta?error=auth_failed';
}
