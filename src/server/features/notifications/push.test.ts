import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema';
import { createWebPushSender, type PushSender } from '../../providers/push/sender';
import { loadVapidKeys } from '../../providers/push/vapid';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { deliverPendingPushes } from './push';

// A local push service that speaks the Web Push protocol (RFC 8030/8291 with VAPID): web-push-testing.
const require = createRequire(import.meta.url);
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js');
const PushServer = require('web-push-testing/src/server.js');

let t: TestApp;
let service: { _server: import('node:http').Server; _port: number };
let pushBase: string;
let owner: { id: string };
let ownerCookie: string;
let fanCookie: string;
let sender: PushSender;

async function post(path: string, body: object) {
  const res = await fetch(`${pushBase}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: res.status === 200 ? await res.json().catch(() => ({})) : {} };
}

/** Subscribes a fake browser at the push service with our VAPID key, as PushManager.subscribe would. */
async function browserSubscribe(): Promise<{ endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string }> {
  const { publicKey } = (await t.app.inject({ method: 'GET', url: '/api/push/vapid-key' })).json();
  const r = await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey: publicKey });
  return r.json.data;
}

async function received(clientHash: string): Promise<unknown[]> {
  const r = await post('/get-notifications', { clientHash });
  return r.json.data?.messages ?? [];
}

beforeAll(async () => {
  // web-push-testing listens in startServer(); port 0 is refused there, so start it on a free port ourselves.
  const probe = (await import('node:net')).createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
  service = new PushServer(new PushApiModel(), port);
  (service as unknown as { startServer(): void }).startServer();
  pushBase = `http://localhost:${port}`;
  for (let i = 0; i < 50; i++) {
    if ((await fetch(`${pushBase}/status`, { method: 'POST' }).catch(() => null))?.ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  t = await createTestApp({ PUSH_EXTRA_ORIGINS: pushBase });
  sender = createWebPushSender(loadVapidKeys({ ...t.config.vapid, dataDir: t.config.dataDir }), { extraOrigins: [pushBase] });
  owner = await insertUser(t.db, { name: '受け取る人' });
  ownerCookie = await sessionCookie(t.db, { userId: owner.id });
  fanCookie = await sessionCookie(t.db, { userId: (await insertUser(t.db, { name: 'ファン' })).id });
});
afterAll(async () => {
  await t.close();
  service._server.close();
});

describe('web push', () => {
  it('answers the VAPID public key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/push/vapid-key' });
    expect(res.json().publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
  });

  it('saves a subscription for a signed-in member only, and validates it', async () => {
    const sub = await browserSubscribe();
    expect((await t.app.inject({ method: 'POST', url: '/api/push/subscribe', payload: sub })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/push/subscribe',
          headers: { cookie: ownerCookie },
          payload: { endpoint: 'javascript:alert(1)', keys: { p256dh: 'x', auth: 'y' } },
        })
      ).statusCode,
    ).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: { cookie: ownerCookie },
      payload: { endpoint: sub.endpoint, keys: sub.keys, expirationTime: null },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id));
    expect(rows).toHaveLength(1);
  });

  it('sends a test push that the push service decrypts', async () => {
    const sub = await browserSubscribe();
    await t.app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: { cookie: fanCookie },
      payload: { endpoint: sub.endpoint, keys: sub.keys },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/test-push',
      headers: { cookie: fanCookie },
      payload: { test: true },
    });
    expect(res.json()).toMatchObject({ success: true, sent: 1, devices: 1 });
    const messages = await received(sub.clientHash);
    expect(messages).toHaveLength(1);
    expect(JSON.stringify(messages[0])).toContain('テスト通知です');
  });

  it('pushes a new notification to the member devices once, and again when its bundle grows', async () => {
    const sub = await browserSubscribe();
    const member = await insertUser(t.db, { name: '投稿者' });
    const memberCookie = await sessionCookie(t.db, { userId: member.id });
    await t.app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: { cookie: memberCookie },
      payload: { endpoint: sub.endpoint, keys: sub.keys },
    });
    const tr = await insertTrack(t, { title: '届く音声', userId: member.id, createdBy: member.id });
    await deliverPendingPushes(t.db, sender);
    await t.app.inject({ method: 'POST', url: `/api/likes/${tr.id}`, headers: { cookie: fanCookie } });
    expect(await deliverPendingPushes(t.db, sender)).toBe(1);
    expect(await deliverPendingPushes(t.db, sender)).toBe(0);
    let messages = await received(sub.clientHash);
    expect(messages).toHaveLength(1);
    expect(JSON.stringify(messages[0])).toContain('ファンさんが「届く音声」にいいねしました');
    await t.app.inject({ method: 'POST', url: `/api/likes/${tr.id}`, headers: { cookie: ownerCookie } });
    await deliverPendingPushes(t.db, sender);
    messages = await received(sub.clientHash);
    expect(messages).toHaveLength(2);
    expect(JSON.stringify(messages[1])).toContain('ほか1人');
  });

  it('removes a subscription the push service reports expired (410)', async () => {
    const sub = await browserSubscribe();
    const member = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: member.id });
    await t.app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: { cookie },
      payload: { endpoint: sub.endpoint, keys: sub.keys },
    });
    expect((await post(`/expire-subscription/${sub.clientHash}`, {})).status).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/notifications/test-push', headers: { cookie } });
    expect(res.json()).toMatchObject({ success: false, sent: 0, failed: 1 });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id))).toHaveLength(0);
  });

  it("#13.2 accepts only the browsers' push services (or a named origin), never an internal or plain-http address", async () => {
    const cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
    const keys = {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    };
    const subscribe = (endpoint: string) =>
      t.app.inject({ method: 'POST', url: '/api/push/subscribe', headers: { cookie }, payload: { endpoint, keys } });
    for (const endpoint of [
      'http://127.0.0.1:9/push',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/x',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://evil.example/push',
      'http://localhost:1/push',
    ]) {
      const res = await subscribe(endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message).toBe('この通知の送信先には対応していません');
    }
    expect((await subscribe('https://fcm.googleapis.com/fcm/send/abc:def')).statusCode).toBe(200);
    expect((await subscribe('https://updates.push.services.mozilla.com/wpush/v2/gAAA')).statusCode).toBe(200);
    expect((await subscribe('https://web.push.apple.com/QGhq')).statusCode).toBe(200);
  });

  it('#13.2 never calls an internal address stored before the check, and reports no per-host result', async () => {
    let hits = 0;
    const http = await import('node:http');
    const trap = http.createServer((_req, res) => {
      hits++;
      res.end();
    });
    await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
    const member = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: member.id });
    const trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}/`;
    await t.db.insert(pushSubscriptions).values({ userId: member.id, endpoint: trapUrl, p256dh: 'x', auth: 'y' });
    const res = await t.app.inject({ method: 'POST', url: '/api/notifications/test-push', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(hits).toBe(0);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id))).toHaveLength(0);
    trap.close();
  });

  it("#13.6 lets only the endpoint's owner rebind it: another member's post of the same endpoint changes nothing", async () => {
    const sub = await browserSubscribe();
    const victim = await insertUser(t.db);
    const victimCookie = await sessionCookie(t.db, { userId: victim.id });
    const thiefCookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
    const post = (cookie: string, keys: { p256dh: string; auth: string }) =>
      t.app.inject({ method: 'POST', url: '/api/push/subscribe', headers: { cookie }, payload: { endpoint: sub.endpoint, keys } });
    expect((await post(victimCookie, sub.keys)).statusCode).toBe(200);
    const stolen = await post(thiefCookie, { p256dh: `${sub.keys.p256dh.slice(0, -4)}AAAA`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' });
    expect(stolen.statusCode).toBe(409);
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(row).toMatchObject({ userId: victim.id, p256dh: sub.keys.p256dh, auth: sub.keys.auth });
    // The owner may still renew the keys of their own endpoint.
    expect((await post(victimCookie, sub.keys)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/notifications/test-push', headers: { cookie: victimCookie } });
    expect(res.json()).toMatchObject({ sent: 1 });
  });
});
