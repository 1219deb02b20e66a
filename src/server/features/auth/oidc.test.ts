import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../http/session';
import { createTestApp, insertInvitation, type TestApp } from '../../test/app';
import { OIDC_STATE_COOKIE } from './cookies';

// The whole Google sign-in flow, run against a local OpenID provider exactly as against Google.
const CLIENT_ID = 'mugen-test-client';
let issuer: OAuth2Server;
let t: TestApp;
let claims: Record<string, unknown> = {};

beforeAll(async () => {
  issuer = new OAuth2Server();
  await issuer.issuer.keys.generate('RS256');
  await issuer.start(0, '127.0.0.1');
  issuer.service.on('beforeTokenSigning', (token) => {
    if (token.payload.aud === CLIENT_ID) Object.assign(token.payload, claims);
  });
  t = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: 'secret',
    OIDC_ISSUER_URL: issuer.issuer.url!,
    PUBLIC_URL: 'http://localhost:3000',
  });
});
afterAll(async () => {
  await t.close();
  await issuer.stop();
});

/** Start → provider → callback; returns the callback's answer. `tamper` may change the callback URL. */
async function signIn(query: string, opts: { tamper?: (callback: URL) => void; cookieState?: string } = {}) {
  const start = await t.app.inject({ method: 'GET', url: `/api/auth/google${query}` });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(new URL(issuer.issuer.url!).origin);
  const state = start.cookies.find((c) => c.name === OIDC_STATE_COOKIE)!.value;
  const provider = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(provider.headers.get('location')!);
  opts.tamper?.(callback);
  const res = await t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: `${OIDC_STATE_COOKIE}=${opts.cookieState ?? state}` },
  });
  return { start, authorize, callback, res };
}

/** A session token as the server makes it: 32 random bytes, base64url. */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const sessionOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;

describe('Google sign-in by OpenID Connect', () => {
  it('starts an authorization-code flow with PKCE (S256), state, nonce and the callback URL', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    const u = new URL(start.headers.location as string);
    expect(u.searchParams.get('response_type')).toBe('code');
    expect(u.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(u.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(u.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(u.searchParams.get('scope')).toContain('openid');
    expect(u.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/google/callback');
    const cookie = start.cookies.find((c) => c.name === OIDC_STATE_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.value).toBe(u.searchParams.get('state'));
  });

  it('sends a newcomer without an invitation to /closed-beta', async () => {
    claims = { sub: 'g-nobody', email: 'nobody@gmail.test', email_verified: true, name: '招待なし' };
    const { res } = await signIn('');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/closed-beta');
    expect(sessionOf(res)).toBeUndefined();
  });

  it('sends a newcomer with a used code to /invalid-invitation', async () => {
    const used = await insertInvitation(t.db, { usedCount: 1, maxUses: 1 });
    claims = { sub: 'g-late', email: 'late@gmail.test', email_verified: true };
    const { res } = await signIn(`?code=${used.code}`);
    expect(res.headers.location).toBe('/invalid-invitation');
  });

  it('#13.1 registers a newcomer with an invitation, without the provider picture URL, and returns to the target with from_auth', async () => {
    const inv = await insertInvitation(t.db);
    claims = { sub: 'g-hanako', email: 'Hanako@Gmail.test', email_verified: true, name: '花子', picture: 'https://example.com/h.png' };
    const { res } = await signIn(`?code=${inv.code}&redirect=/notifications`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/notifications?from_auth=1');
    const token = sessionOf(res);
    expect(token).toMatch(SESSION_TOKEN);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    // Google's picture is an image on another host (a tracking pixel): the member starts without one.
    expect(me.json()).toMatchObject({ name: '花子', email: 'hanako@gmail.test', picture: null });
  });

  it('signs the same Google account in again without an invitation; redirect=premium&payment=true returns to the payment step', async () => {
    claims = { sub: 'g-hanako', email: 'hanako@gmail.test', email_verified: true, name: '花子' };
    const { res } = await signIn('?redirect=premium&payment=true');
    expect(res.headers.location).toBe('/premium?payment=true&from_auth=1');
    expect(sessionOf(res)).toMatch(SESSION_TOKEN);
  });

  it('refuses a forged state', async () => {
    claims = { sub: 'g-hanako', email: 'hanako@gmail.test', email_verified: true };
    const { res } = await signIn('', { tamper: (u) => u.searchParams.set('state', 'forged-state'), cookieState: 'forged-state' });
    expect(res.headers.location).toMatch(/^\/closed-beta\?error=/);
    expect(sessionOf(res)).toBeUndefined();
  });

  it('refuses a callback whose state is not the one this browser started', async () => {
    claims = { sub: 'g-hanako', email: 'hanako@gmail.test', email_verified: true };
    const { res } = await signIn('', { cookieState: 'another-browser' });
    expect(res.headers.location).toMatch(/error=/);
    expect(sessionOf(res)).toBeUndefined();
  });

  it('refuses a replayed code', async () => {
    claims = { sub: 'g-hanako', email: 'hanako@gmail.test', email_verified: true };
    const first = await signIn('');
    expect(sessionOf(first.res)).toMatch(SESSION_TOKEN);
    const state = first.start.cookies.find((c) => c.name === OIDC_STATE_COOKIE)!.value;
    const again = await t.app.inject({
      method: 'GET',
      url: `${first.callback.pathname}${first.callback.search}`,
      headers: { cookie: `${OIDC_STATE_COOKIE}=${state}` },
    });
    expect(again.headers.location).toMatch(/error=/);
    expect(sessionOf(again)).toBeUndefined();
  });

  it('refuses an id_token issued for another audience', async () => {
    claims = { sub: 'g-hanako', email: 'hanako@gmail.test', email_verified: true, aud: 'someone-else' };
    const { res } = await signIn('');
    expect(res.headers.location).toMatch(/error=/);
    expect(sessionOf(res)).toBeUndefined();
    claims = {};
  });

  it('refuses an id_token with the wrong nonce', async () => {
    claims = { sub: 'g-hanako', email: 'hanako@gmail.test', email_verified: true, nonce: 'not-the-nonce' };
    const { res } = await signIn('');
    expect(res.headers.location).toMatch(/error=/);
    claims = {};
  });

  it('offers no development sign-in while Google is configured', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'a@example.com' } })).statusCode).toBe(404);
  });
});
