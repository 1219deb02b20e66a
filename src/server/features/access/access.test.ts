import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, users } from '../../db/schema';
import { createTestApp, devLogin, insertInvitation, sessionCookie, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const access = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/access-control', headers: cookie ? { cookie } : {} });

describe('GET /api/access-control (L-7.1-12, L-7.1-13)', () => {
  it('answers not_authenticated when signed out, never cached', async () => {
    const res = await access();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hasAccess: false, reason: 'not_authenticated' });
    expect(res.headers['cache-control']).toMatch(/no-store/);
  });

  it('grants a member access', async () => {
    const inv = await insertInvitation(t.db);
    const { cookie } = await devLogin(t.app, { email: 'member@example.com', invitationCode: inv.code });
    expect((await access(cookie)).json()).toEqual({ hasAccess: true, reason: 'approved' });
  });

  it('answers pending_approval and access_denied as an admin sets them', async () => {
    const inv = await insertInvitation(t.db);
    const { cookie, user } = await devLogin(t.app, { email: 'status@example.com', invitationCode: inv.code });
    await t.db.update(users).set({ accessStatus: 'pending' }).where(eq(users.id, user.id));
    expect((await access(cookie)).json()).toEqual({ hasAccess: false, reason: 'pending_approval' });
    await t.db.update(users).set({ accessStatus: 'denied' }).where(eq(users.id, user.id));
    expect((await access(cookie)).json()).toEqual({ hasAccess: false, reason: 'access_denied' });
  });

  it('answers user_not_found for a session whose user was removed (L-2.2-09)', async () => {
    const inv = await insertInvitation(t.db);
    const { cookie, user } = await devLogin(t.app, { email: 'removed@example.com', invitationCode: inv.code });
    await t.db.delete(users).where(eq(users.id, user.id));
    expect((await access(cookie)).json()).toEqual({ hasAccess: false, reason: 'user_not_found' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('invitations (L-7.6-01, L-7.6-02)', () => {
  it('need a signed-in member', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/invitations/stats' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/invitations/my' })).statusCode).toBe(401);
  });

  it('count the uses taken and the uses still available', async () => {
    const inv = await insertInvitation(t.db);
    const { cookie, user } = await devLogin(t.app, { email: 'host@example.com', invitationCode: inv.code });
    const codes = (await t.app.inject({ method: 'GET', url: '/api/invitations/my', headers: { cookie } })).json();
    expect(codes).toHaveLength(3);
    expect((await t.app.inject({ method: 'GET', url: '/api/invitations/stats', headers: { cookie } })).json()).toEqual({
      totalInvitesUsed: 0,
      availableInvites: 3,
    });
    // A friend uses one code.
    expect((await devLogin(t.app, { email: 'friend@example.com', invitationCode: codes[0].code })).res.statusCode).toBe(200);
    const my = (await t.app.inject({ method: 'GET', url: '/api/invitations/my', headers: { cookie } })).json();
    expect(my.find((c: { code: string }) => c.code === codes[0].code)).toMatchObject({ usedCount: 1, maxUses: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/invitations/stats', headers: { cookie } })).json()).toEqual({
      totalInvitesUsed: 1,
      availableInvites: 2,
    });
    // Withdrawn permission: codes read inactive, nothing is available, and they stop working.
    await t.db.update(users).set({ canInvite: false }).where(eq(users.id, user.id));
    const after = (await t.app.inject({ method: 'GET', url: '/api/invitations/my', headers: { cookie } })).json();
    expect(after.every((c: { isActive: boolean }) => !c.isActive)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/invitations/stats', headers: { cookie } })).json().availableInvites).toBe(0);
    const refused = await devLogin(t.app, { email: 'friend2@example.com', invitationCode: codes[1].code });
    expect(refused.res.json().reason).toBe('invalid_invitation');
    const [row] = await t.db.select().from(invitations).where(eq(invitations.code, codes[1].code));
    expect(row.usedCount).toBe(0);
  });

  it('a member only ever sees their own codes', async () => {
    const a = await devLogin(t.app, { email: 'host@example.com' });
    const other = await sessionCookie(t.db, { userId: (await devLogin(t.app, { email: 'friend@example.com' })).user.id });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/invitations/my', headers: { cookie: a.cookie } })).json();
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/invitations/my', headers: { cookie: other } })).json();
    const overlap = mine.filter((m: { id: number }) => theirs.some((x: { id: number }) => x.id === m.id));
    expect(overlap).toHaveLength(0);
  });
});
