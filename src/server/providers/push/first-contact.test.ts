import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VAPID_SUBJECT, isPlaceholderSubject, loadConfig } from '../../config';
import { createTestApp, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { type StandIn, sendJson, startStandIn } from '../../test/stand-in';
import { checkEndpoint, pushServiceOf } from './endpoints';

// #29.7: push on first contact. The stand-in plays Apple's Web Push service, written from Apple's
// "Sending web push notifications in web apps and browsers"
// (https://developer.apple.com/documentation/usernotifications/sending-web-push-notifications-in-web-apps-and-browsers)
// and web-push's VAPID header (github:web-push-libs/web-push, src/vapid-helper.js: `Authorization:
// vapid t=<JWT>, k=<key>`): the JWT's `sub` must be a contact Apple can reach, else 403 with
// {"reason":"BadJwtToken"}; a good push is 201 Created.
const badSubject = (sub: string) => isPlaceholderSubject(sub);
let apple: StandIn;
let t: TestApp;

beforeAll(async () => {
  apple = await startStandIn((req, res) => {
    const m = /^vapid t=([^,]+), k=/.exec(String(req.headers.authorization ?? ''));
    if (!m) return sendJson(res, 403, { reason: 'MissingProviderToken' });
    const claims = JSON.parse(Buffer.from(m[1].split('.')[1], 'base64url').toString('utf8')) as { sub?: string; aud?: string };
    if (!claims.sub || badSubject(claims.sub)) return sendJson(res, 403, { reason: 'BadJwtToken' });
    res.writeHead(201).end();
  });
  // Outside production a placeholder is allowed: the push fails at the service, and /metrics says so.
  t = await createTestApp({ PUSH_EXTRA_ORIGINS: apple.url, VAPID_SUBJECT: DEFAULT_VAPID_SUBJECT });
});
afterAll(async () => {
  await t.close();
  await apple.close();
});

const p256dh = () => createECDH('prime256v1').generateKeys().toString('base64url');

describe('#29.7 push on first contact', () => {
  it('#29.7 production refuses a placeholder VAPID_SUBJECT (unset, .invalid, .test, .example, localhost) with a one-line message', () => {
    for (const subject of [
      undefined,
      'mailto:support@mugen.invalid',
      'mailto:a@shop.test',
      'mailto:a@mugen.example',
      'https://localhost',
      'mailto:ops@example.com',
    ]) {
      const err = (() => {
        try {
          loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://mugen-radio.jp', ...(subject ? { VAPID_SUBJECT: subject } : {}) });
        } catch (e) {
          return e as Error;
        }
        return null;
      })();
      expect(err?.message, subject).toMatch(/^Invalid VAPID_SUBJECT=.*: production needs a real mailto: or https: contact/);
      expect(err?.message.includes('\n')).toBe(false);
    }
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://mugen-radio.jp', VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp' }).vapid
        .subject,
    ).toBe('mailto:ops@mugen-radio.jp');
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://mugen-radio.jp', VAPID_SUBJECT: 'https://mugen-radio.jp/contact' }).vapid
        .subject,
    ).toBe('https://mugen-radio.jp/contact');
    // Development keeps the default.
    expect(loadConfig({}).vapid.subject).toBe(DEFAULT_VAPID_SUBJECT);
  });

  it('#29.7 accepts the endpoint origins real browsers subscribe at, Chromium without Google keys included', () => {
    const policy = { extraOrigins: [] };
    const real = {
      'https://fcm.googleapis.com/fcm/send/abc:APA91b': 'fcm',
      'https://jmt17.google.com/fcm/send/abc:APA91b': 'chromium',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA': 'mozilla',
      'https://web.push.apple.com/QGuQyavXutnMH': 'apple',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA': 'windows',
    };
    for (const [endpoint, service] of Object.entries(real)) {
      expect(checkEndpoint(endpoint, policy), endpoint).toEqual({ ok: true, known: true });
      expect(pushServiceOf(endpoint)).toBe(service);
    }
    expect(checkEndpoint('https://jmt17.google.com.evil.example/x', policy)).toEqual({ ok: false });
  });

  it('#29.7 a push the service refuses is counted on /metrics by service and reason', async () => {
    const member = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: member.id });
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: { cookie },
      payload: { endpoint: `${apple.url}/3/device/abc`, keys: { p256dh: p256dh(), auth: randomBytes(16).toString('base64url') } },
    });
    expect(sub.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/notifications/test-push', headers: { cookie }, payload: { test: true } });
    expect(res.json()).toMatchObject({ sent: 0, devices: 1 });
    expect(apple.requests).toHaveLength(1);
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { cookie: await sessionCookie(t.db, { isAdmin: true }) },
    });
    expect(metrics.body).toMatch(/^mugen_push_failures_total\{service="other",reason="403"\} 1$/m);
  });
});
