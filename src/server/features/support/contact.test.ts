import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUPPORT_MESSAGES } from '../../../shared/rules/support';
import { TEXT_MESSAGES } from '../../../shared/rules/text';
import { loadConfig } from '../../config';
import { contactMessages, tasks } from '../../db/schema';
import { startJobWorkers } from '../../jobs/workers';
import { createTestApp, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { testJapanese } from '../../test/japanese';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in';
import { CONTACT_MAIL_ATTEMPTS, queueUnsentContactMail } from './mail';

// Issue 19, creator-operator spec §2.6, §5, §7: POST /api/contact stores the message, then the task
// queue sends it to the operator by SMTP (a local smtp-server stand-in), retrying while the server is
// down; nothing is lost.

const VALID = {
  name: '山田 花子',
  email: 'hanako@example.jp',
  subject: 'billing',
  message: '請求日を教えてください。\n先月は2回請求されました。',
};

const contact = (t: TestApp, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, headers });
const rowsOf = (t: TestApp) => t.db.select().from(contactMessages).orderBy(contactMessages.id);
const mailTasks = (t: TestApp) => t.db.select().from(tasks).where(eq(tasks.kind, 'contact-mail')).orderBy(tasks.id);

describe('POST /api/contact without mail set up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('C-7.3-02 C-6-01: a visitor’s message is stored (trimmed, pending) and answered { ok: true }; nothing is queued', async () => {
    const res = await contact(t, { ...VALID, name: `  ${VALID.name} `, email: ' hanako@example.jp ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const rows = await rowsOf(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...VALID, userId: null, status: 'pending', sentAt: null, readAt: null });
    expect(await mailTasks(t)).toEqual([]);
  });

  it('keeps the id of a signed-in member with the message', async () => {
    const user = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: user.id });
    const res = await contact(t, { ...VALID, subject: 'account' }, { cookie });
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf(t);
    expect(rows.at(-1)).toMatchObject({ subject: 'account', userId: user.id });
  });

  it('C-5-09 refuses each required field when missing or blank, with its Japanese message, and stores nothing', async () => {
    const before = (await rowsOf(t)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...VALID, name: '' }, SUPPORT_MESSAGES.nameRequired],
      [{ ...VALID, name: '   ' }, SUPPORT_MESSAGES.nameRequired],
      [{ ...VALID, name: undefined }, SUPPORT_MESSAGES.nameRequired],
      [{ ...VALID, email: '' }, SUPPORT_MESSAGES.emailRequired],
      [{ ...VALID, email: undefined }, SUPPORT_MESSAGES.emailRequired],
      [{ ...VALID, subject: '' }, SUPPORT_MESSAGES.subjectRequired],
      [{ ...VALID, subject: undefined }, SUPPORT_MESSAGES.subjectRequired],
      [{ ...VALID, message: '\n \n' }, SUPPORT_MESSAGES.messageRequired],
      [{ ...VALID, message: undefined }, SUPPORT_MESSAGES.messageRequired],
    ];
    for (const [body, message] of cases) {
      const res = await contact(t, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ message });
    }
    expect(await rowsOf(t)).toHaveLength(before);
  });

  it('C-5-10 refuses an e-mail that is not an address, a subject outside the six and overlong fields', async () => {
    for (const email of ['abc', 'a@b', 'a b@example.jp', '<a@example.jp>', `${'a'.repeat(65)}@example.jp`]) {
      const res = await contact(t, { ...VALID, email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json(), email).toEqual({ message: SUPPORT_MESSAGES.emailInvalid });
    }
    // A header written into the address: refused for its control characters like any written text (#36.8).
    const injected = await contact(t, { ...VALID, email: 'hanako@example.jp\r\nBcc: x@example.jp' });
    expect(injected.statusCode).toBe(400);
    expect(injected.json()).toEqual({ message: TEXT_MESSAGES.controlCharacters });
    for (const subject of ['sales', 'Premium', 'プレミアム']) {
      const res = await contact(t, { ...VALID, subject });
      expect(res.json(), subject).toEqual({ message: SUPPORT_MESSAGES.subjectRequired });
    }
    const long = await contact(t, { ...VALID, name: 'あ'.repeat(51) });
    expect(long.json()).toEqual({ message: 'お名前は50文字以内で入力してください' });
    expect((await contact(t, { ...VALID, name: '😀'.repeat(50) })).statusCode).toBe(200);
    const longMessage = await contact(t, { ...VALID, message: 'あ'.repeat(2001) });
    expect(longMessage.json()).toEqual({ message: 'お問い合わせ内容は2,000文字以内で入力してください' });
    expect((await contact(t, { ...VALID, message: 'あ'.repeat(2000) })).statusCode).toBe(200);
  });

  it('takes the six subjects of the spec', async () => {
    for (const subject of ['premium', 'technical', 'billing', 'cancellation', 'account', 'other']) {
      expect((await contact(t, { ...VALID, subject })).statusCode, subject).toBe(200);
    }
  });
});

describe('contact mail by SMTP through the task queue', () => {
  let t: TestApp;
  let smtp: SmtpStandIn;
  let stop: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      CONTACT_TO: 'support@mugen.example.jp',
      MAIL_FROM: '無限 Mugen <noreply@mugen.example.jp>',
    });
  });
  afterEach(async () => {
    await stop?.();
    stop = null;
    await smtp.up();
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const workers = async () => {
    stop = await startJobWorkers(t.database, t.storage, {
      japanese: testJapanese(),
      mail: t.config.mail,
      pollMs: 20,
      mailTimeoutMs: 2000,
      schedules: false,
    });
  };
  /** A queued retry is due now (instead of after its backoff). */
  const dueNow = (taskId: number) => t.db.update(tasks).set({ runAfter: sql`now()` }).where(eq(tasks.id, taskId));
  const rowOf = async (id: number) => (await t.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];
  const taskOf = async (id: number) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0];

  it('stores the message, queues its delivery, and sends it to CONTACT_TO from MAIL_FROM, replying to the writer', async () => {
    const res = await contact(t, VALID);
    expect(res.json()).toEqual({ ok: true });
    const [row] = (await rowsOf(t)).slice(-1);
    expect(row.status).toBe('pending');
    const [task] = await mailTasks(t);
    expect(task).toMatchObject({ status: 'queued', payload: { messageId: row.id }, maxAttempts: CONTACT_MAIL_ATTEMPTS });

    await workers();
    await vi.waitFor(async () => expect((await rowOf(row.id)).status).toBe('sent'), { timeout: 10_000, interval: 50 });
    expect((await rowOf(row.id)).sentAt).toBeInstanceOf(Date);
    expect((await taskOf(task.id)).status).toBe('completed');
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.user).toBe('mugen');
    expect(mail.envelope).toEqual({ from: 'noreply@mugen.example.jp', to: ['support@mugen.example.jp'] });
    expect(mail.headers['reply-to']).toBe('hanako@example.jp');
    expect(mail.headers['message-id']).toMatch(new RegExp(`^<contact-${row.id}-\\d+@mugen\\.example\\.jp>$`));
    expect(mail.subject).toBe('【無限 お問い合わせ】料金・お支払いについて（山田 花子 様）');
    expect(mail.text).toContain(`受付番号: ${row.id}\n`);
    expect(mail.text).toContain(
      'お名前: 山田 花子\nメールアドレス: hanako@example.jp\nお問い合わせの種類: 料金・お支払いについて\n会員ID: （ログインなし）\n',
    );
    expect(mail.text).toContain('お問い合わせ内容:\n請求日を教えてください。\n先月は2回請求されました。\n');
  });

  it('never loses a message while SMTP is down: the attempt fails, the task waits its backoff, and the retry sends it once', async () => {
    await smtp.down();
    await contact(t, { ...VALID, subject: 'technical', message: 'サーバー停止中のお問い合わせ' });
    const [row] = (await rowsOf(t)).slice(-1);
    const task = (await mailTasks(t)).at(-1);
    if (!task) throw new Error('no task');
    await workers();
    // The first attempt failed (connection refused): queued again with a backoff, the message still pending.
    await vi.waitFor(
      async () => {
        const now = await taskOf(task.id);
        expect(now.attempts).toBe(1);
        expect(now.status).toBe('queued');
      },
      { timeout: 10_000, interval: 50 },
    );
    const waiting = await taskOf(task.id);
    expect(waiting.errorMessage).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting.runAfter.getTime()).toBeGreaterThan(Date.now());
    expect((await rowOf(row.id)).status).toBe('pending');
    expect(smtp.received).toEqual([]);

    await smtp.up();
    await dueNow(task.id);
    await vi.waitFor(async () => expect((await rowOf(row.id)).status).toBe('sent'), { timeout: 10_000, interval: 50 });
    expect((await taskOf(task.id)).attempts).toBe(2);
    expect(smtp.received.map((m) => m.text.includes('サーバー停止中のお問い合わせ'))).toEqual([true]);
  });

  it('retries a message the server refuses for now (451) and sends it on the next attempt', async () => {
    smtp.refuseNext(1);
    await contact(t, { ...VALID, message: '一時的に受け付けられないお問い合わせ' });
    const [row] = (await rowsOf(t)).slice(-1);
    const task = (await mailTasks(t)).at(-1);
    if (!task) throw new Error('no task');
    await workers();
    await vi.waitFor(async () => expect((await taskOf(task.id)).attempts).toBe(1), { timeout: 10_000, interval: 50 });
    await vi.waitFor(async () => expect((await taskOf(task.id)).status).toBe('queued'), { timeout: 10_000, interval: 50 });
    expect((await taskOf(task.id)).errorMessage).toMatch(/451/);
    await dueNow(task.id);
    await vi.waitFor(async () => expect((await rowOf(row.id)).status).toBe('sent'), { timeout: 10_000, interval: 50 });
    expect(smtp.received).toHaveLength(1);
  });

  it('marks the message failed (still stored) only when the last attempt fails', async () => {
    await smtp.down();
    await contact(t, { ...VALID, message: '最後まで届かないお問い合わせ' });
    const [row] = (await rowsOf(t)).slice(-1);
    const task = (await mailTasks(t)).at(-1);
    if (!task) throw new Error('no task');
    await t.db
      .update(tasks)
      .set({ attempts: CONTACT_MAIL_ATTEMPTS - 1 })
      .where(eq(tasks.id, task.id));
    await workers();
    await vi.waitFor(async () => expect((await taskOf(task.id)).status).toBe('failed'), { timeout: 10_000, interval: 50 });
    expect(await rowOf(row.id)).toMatchObject({ status: 'failed', message: '最後まで届かないお問い合わせ', sentAt: null });
  });

  it('queues a delivery for messages stored while mail was not set up, once, and sends them', async () => {
    const [stored] = await t.db
      .insert(contactMessages)
      .values({ name: '設定前', email: 'before@example.jp', subject: 'other', message: 'メール設定の前に届いた内容' })
      .returning();
    expect(await queueUnsentContactMail(t.db)).toBe(1);
    expect(await queueUnsentContactMail(t.db)).toBe(0);
    await workers();
    await vi.waitFor(async () => expect((await rowOf(stored.id)).status).toBe('sent'), { timeout: 10_000, interval: 50 });
    expect(smtp.received.map((m) => m.subject)).toEqual(['【無限 お問い合わせ】その他（設定前 様）']);
    expect(await queueUnsentContactMail(t.db)).toBe(0);
  });
});

describe('rate limits of the contact form and the chat (per client)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => t.close());

  it('answers 429 with a Japanese message after 5 contact messages a minute from one client; another client still sends', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: '10.19.0.1', payload: VALID });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toBe('リクエストが多すぎます。しばらくしてからもう一度お試しください');
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect((await rowsOf(t)).length).toBe(5);
    const other = await t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: '10.19.0.2', payload: VALID });
    expect(other.statusCode).toBe(200);
  });

  it('answers 429 after 20 chat questions a minute from one client', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ai-chat',
        remoteAddress: '10.19.1.1',
        payload: { message: '料金は？', context: 'customer_support' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.slice(20)).toEqual([429, 429]);
  });
});

describe('mail settings', () => {
  it('takes SMTP_URL and CONTACT_TO together, MAIL_FROM defaulting to CONTACT_TO, and refuses half a setup', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.jp:465', CONTACT_TO: 'support@example.jp' }).mail).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.jp:465',
      to: 'support@example.jp',
      from: 'support@example.jp',
    });
    expect(
      loadConfig({ SMTP_URL: 'smtp://mail.example.jp:587', CONTACT_TO: 'support@example.jp', MAIL_FROM: '無限 <noreply@example.jp>' }).mail
        ?.from,
    ).toBe('無限 <noreply@example.jp>');
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.jp' })).toThrow(
      'Invalid CONTACT_TO="": SMTP_URL and CONTACT_TO are set together',
    );
    expect(() => loadConfig({ CONTACT_TO: 'support@example.jp' })).toThrow(/Invalid SMTP_URL=""/);
    const wrong = (() => {
      try {
        loadConfig({ SMTP_URL: 'mail.example.jp:587 user:secret-password', CONTACT_TO: 'support@example.jp' });
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(wrong).toMatch(/^Invalid SMTP_URL \(value not shown\)/);
    expect(wrong).not.toContain('secret-password');
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.jp', CONTACT_TO: 'not-an-address' })).toThrow(/CONTACT_TO/);
    expect(() => loadConfig({ MAIL_FROM: 'noreply@example.jp' })).toThrow(/MAIL_FROM/);
  });
});
