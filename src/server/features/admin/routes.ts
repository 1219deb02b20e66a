import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_API_MESSAGES } from '../../../shared/messages/admin';
import { AdminLoginAnswerSchema, AdminLoginSchema, AdminStatusSchema } from '../../../shared/schemas/admin';
import { SuccessSchema } from '../../../shared/schemas/common';
import { AppError, errorAnswers, unavailable } from '../../http/errors';
import { viewerOf } from '../../http/guards';
import { limitedAs } from '../../http/rate-limits';
import { ADMIN_COOKIE } from '../../http/session';
import type { AppDeps } from '../../types';
import { createSession, endSessionByToken } from '../auth/public';
import { adminAudioRoutes } from './audio/routes';
import { createAdminAuth, LoginThrottle } from './auth';
import { adminMembersRoutes } from './members/routes';
import { adminMonitoringRoutes } from './monitoring/routes';
import { adminThemesRoutes } from './themes/routes';

/**
 * The operators' console (creator-operator spec §2.4, issue 18): its sign-in here, each tab's calls in
 * its folder (audio, members, themes and tasks, monitoring), every one of them behind `adminsOnly`
 * (http/guards.ts), which answers 401 before validation to visitors and members alike.
 */
export function adminRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, config, counters } = deps;
  return async (app) => {
    const auth = await createAdminAuth(config.admin, (username, password) =>
      app.log.warn(
        `admin console (development): sign in at /admin as "${username}" with the password "${password}" (made for this start; set ADMIN_USERNAME and ADMIN_PASSWORD to choose)`,
      ),
    );
    if (!auth.enabled) app.log.warn('admin console is off: set ADMIN_USERNAME and ADMIN_PASSWORD to enable it');
    const throttle = new LoginThrottle(counters);
    const admin = config.admin;

    const setCookie = (reply: FastifyReply, token: string, expiresAt: Date, remember: boolean) =>
      reply.setCookie(ADMIN_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: config.isProduction,
        // Without 「ログイン情報を保存」 the cookie ends with the browser (and the session after its hours).
        ...(remember ? { expires: expiresAt } : {}),
      });
    const clearCookie = (reply: FastifyReply) =>
      reply.clearCookie(ADMIN_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: config.isProduction });

    app.post(
      '/api/admin/login',
      {
        config: limitedAs('signIn'),
        schema: {
          tags: ['admin'],
          summary: 'Operator sign-in: sets the admin session cookie (HttpOnly); no token is sent',
          body: AdminLoginSchema,
          response: { 200: AdminLoginAnswerSchema, ...errorAnswers(400, 401, 429, 503) },
        },
      },
      async (request: FastifyRequest<{ Body: { username: string; password: string; remember?: boolean } }>, reply) => {
        if (!auth.enabled || admin.mode === 'off') throw unavailable(ADMIN_API_MESSAGES.consoleOff);
        const client = request.ip;
        // The attempt is reserved before the slow check (issue 24.2): parallel guesses cannot all pass.
        await throttle.reserve(client);
        const { username, password, remember = false } = request.body;
        const ok = await auth.verify(username, password).catch(async (err) => {
          if (err instanceof AppError && err.status === 429) await throttle.giveBack(client);
          throw err;
        });
        if (!ok) {
          request.log.warn({ client }, 'admin sign-in failed');
          throw new AppError(401, ADMIN_API_MESSAGES.loginFailed);
        }
        await throttle.succeeded(client);
        await endSessionByToken(db, request.cookies[ADMIN_COOKIE]);
        const ttlDays = remember ? admin.rememberDays : admin.sessionHours / 24;
        const { token, expiresAt } = await createSession(db, {
          isAdmin: true,
          ttlDays,
          deviceInfo: request.headers['user-agent'],
        });
        setCookie(reply, token, expiresAt, remember);
        request.log.info({ client }, 'admin signed in');
        return { success: true as const };
      },
    );

    app.get(
      '/api/admin/status',
      { schema: { tags: ['admin'], summary: 'Whether this browser holds an operator session', response: { 200: AdminStatusSchema } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { authenticated: (await viewerOf(request))?.isAdmin === true, enabled: auth.enabled };
      },
    );

    app.post(
      '/api/admin/logout',
      { schema: { tags: ['admin'], summary: 'Ends the operator session', response: { 200: SuccessSchema } } },
      async (request, reply) => {
        await endSessionByToken(db, request.cookies[ADMIN_COOKIE]);
        clearCookie(reply);
        return { success: true as const };
      },
    );

    await app.register(adminAudioRoutes(deps));
    await app.register(adminThemesRoutes(deps));
    await app.register(adminMembersRoutes(deps));
    await app.register(adminMonitoringRoutes(deps));
  };
}
