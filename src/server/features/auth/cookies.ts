import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';
import { SESSION_COOKIE } from '../../http/session';

export const OIDC_STATE_COOKIE = 'mugen_oidc_state';

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.isProduction });
}

/**
 * Where to go after sign-in: a path inside this site only (never another origin). `premium` or
 * `/premium` with payment continues to the premium payment step.
 */
export function safeRedirect(redirect: string | undefined, payment: boolean): string {
  let target = (redirect ?? '/').trim() || '/';
  if (!target.startsWith('/')) target = `/${target}`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here
  if (target.startsWith('//') || target.includes('\\') || /[\u0000-\u001f]/.test(target)) target = '/';
  try {
    const u = new URL(target, 'http://mugen.invalid');
    if (u.origin !== 'http://mugen.invalid') return '/';
    if (payment) u.searchParams.set('payment', 'true');
    // The URL parser folds `/.//x` into the path `//x`, which a browser reads as another host
    // (protocol-relative): collapse leading slashes, so only a same-origin path ever comes out.
    const out = `/${u.pathname.replace(/^\/+/, '')}${u.search}`;
    return out.startsWith('//') || out.startsWith('/\\') ? '/' : out;
  } catch {
    return '/';
  }
}

/** The app removes from_auth after its access check (listener spec §2 Access gate). */
export function withFromAuth(target: string): string {
  const u = new URL(target, 'http://mugen.invalid');
  u.searchParams.set('from_auth', '1');
  return u.pathname + u.search;
}
