import { describe, expect, it } from 'vitest';
import { adminSuite } from '../../../test/admin-kit';
import { insertUser, sessionCookie } from '../../../test/app';

// Issues 18 and 19: the operator reads the contact form's messages in the console.
const suite = adminSuite();
const { call } = suite;

const send = (n: number) =>
  suite.t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: {
      name: `送信者${n}`,
      email: `sender${n}@example.jp`,
      subject: n % 2 ? 'billing' : 'technical',
      message: `お問い合わせ本文 ${n}`,
    },
    remoteAddress: `192.0.2.${n}`,
  });

describe('GET /api/admin/contact-messages', () => {
  it('C-2.6 #19: lists the stored messages newest first, 10 a page, with their mail status', async () => {
    for (let i = 1; i <= 12; i++) expect((await send(i)).statusCode).toBe(200);
    const res = await call('GET', '/api/admin/contact-messages');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(12);
    expect(body.messages).toHaveLength(10);
    expect(body.messages[0]).toMatchObject({
      name: '送信者12',
      email: 'sender12@example.jp',
      subject: 'technical',
      message: 'お問い合わせ本文 12',
      status: 'pending',
      userId: null,
    });
    const second = (await call('GET', '/api/admin/contact-messages?page=2')).json();
    expect(second.messages.map((m: { name: string }) => m.name)).toEqual(['送信者2', '送信者1']);
  });

  it('is the operator’s only: 401 to a visitor and a member', async () => {
    const member = await insertUser(suite.t.db);
    for (const cookie of [undefined, await sessionCookie(suite.t.db, { userId: member.id })]) {
      const res = await suite.t.app.inject({ method: 'GET', url: '/api/admin/contact-messages', headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('管理者認証が必要です。ログインしてください。');
    }
  });
});
