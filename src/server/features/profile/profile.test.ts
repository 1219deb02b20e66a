import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, devLogin, insertInvitation, insertUser, type TestApp } from '../../test/app';

let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  const inv = await insertInvitation(t.db);
  const s = await devLogin(t.app, { email: 'profile@example.com', name: '元の名前', invitationCode: inv.code });
  cookie = s.cookie;
  userId = s.user.id;
  await insertUser(t.db, { customUserId: 'taken_id', name: '先客' });
});
afterAll(() => t.close());

const put = (payload: unknown, c = cookie, method: 'PUT' | 'PATCH' = 'PUT') =>
  t.app.inject({ method, url: '/api/auth/profile', headers: c ? { cookie: c } : {}, payload: payload as object });

describe('PUT /api/auth/profile (L-7.1-15, listener spec §5)', () => {
  it('updates name, user ID, picture and X handle; GET /api/auth/user reflects them', async () => {
    const res = await put({ name: '新しい名前', customUserId: 'new-id_1', picture: '🎧', xHandle: 'mugen_fm' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: '新しい名前', customUserId: 'new-id_1', picture: '🎧', xHandle: 'mugen_fm' });
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();
    expect(me).toMatchObject({ name: '新しい名前', customUserId: 'new-id_1' });
  });

  it('accepts PATCH with some fields only, and an empty X handle (L-5-06, L-5-07)', async () => {
    const res = await put({ xHandle: '' }, cookie, 'PATCH');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ xHandle: null, name: '新しい名前' });
  });

  it('never changes the e-mail (L-6-09)', async () => {
    const res = await put({ name: '名前', email: 'other@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('profile@example.com');
  });

  it.each([
    [{ name: '' }, '名前を入力してください'],
    [{ name: '   ' }, '名前を入力してください'],
    [{ name: 'あ'.repeat(51) }, '名前は50文字以内で入力してください'],
    [{ customUserId: 'ab' }, 'ユーザーIDは3文字以上で入力してください'],
    [{ customUserId: 'a'.repeat(31) }, 'ユーザーIDは30文字以内で入力してください'],
    [{ customUserId: 'ab.c' }, 'ユーザーIDは英数字、ハイフン、アンダースコアのみ使用可能です'],
    [{ customUserId: 'ユーザー' }, 'ユーザーIDは英数字、ハイフン、アンダースコアのみ使用可能です'],
    [{ xHandle: 'a-b' }, 'Xアカウントは英数字とアンダースコアのみ使用可能です'],
    [{ xHandle: 'a'.repeat(16) }, 'Xアカウントは15文字以内で入力してください'],
  ])('refuses %j with the spec message', async (body, message) => {
    const res = await put(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('accepts the limits exactly (50-character name, 30-character ID, 15-character X handle)', async () => {
    const res = await put({ name: 'あ'.repeat(50), customUserId: `a${'b'.repeat(29)}`, xHandle: 'x'.repeat(15) });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a user ID someone else has (any case) and reserved route words', async () => {
    const taken = await put({ customUserId: 'TAKEN_ID' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'このユーザーIDは既に使用されています', field: 'customUserId' });
    for (const word of ['admin', 'search', 'mugen', 'Playlists']) {
      const res = await put({ customUserId: word });
      expect(res.statusCode, word).toBe(400);
      expect(res.json().message).toBe('このユーザーIDは使用できません');
    }
  });

  it('needs a signed-in member', async () => {
    expect((await put({ name: 'x' }, '')).statusCode).toBe(401);
  });
});

describe('GET /api/auth/check-user-id/{id} (L-7.1-18)', () => {
  const check = async (id: string, c?: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/auth/check-user-id/${encodeURIComponent(id)}`, headers: c ? { cookie: c } : {} })
    ).json();

  it('answers available and reason', async () => {
    expect(await check('free_id_123')).toEqual({ available: true, reason: '利用可能です' });
    expect(await check('taken_id')).toEqual({ available: false, reason: 'このユーザーIDは既に使用されています' });
    expect(await check('ab')).toEqual({ available: false, reason: 'ユーザーIDは3文字以上で入力してください' });
    expect(await check('ab.c')).toEqual({ available: false, reason: 'ユーザーIDは英数字、ハイフン、アンダースコアのみ使用可能です' });
    expect(await check('admin')).toEqual({ available: false, reason: 'このユーザーIDは使用できません' });
  });

  it("calls the member's own current ID available to them", async () => {
    await put({ customUserId: 'my_own_id' });
    expect((await check('my_own_id', cookie)).available).toBe(true);
    expect((await check('my_own_id')).available).toBe(false);
  });
});

describe('POST /api/upload/profile-image (L-7.1-19, L-7.1-20)', () => {
  const multipart = (field: string, filename: string, type: string, data: Buffer) => {
    const boundary = '----mugen-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };
  const upload = (field: string, filename: string, type: string, data: Buffer, c = cookie) => {
    const m = multipart(field, filename, type, data);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload/profile-image',
      payload: m.payload,
      headers: { ...m.headers, ...(c ? { cookie: c } : {}) },
    });
  };

  it('re-encodes a real image to a 512 px WebP without its metadata and answers imageUrl', async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'secret-artist', Copyright: 'GPS-SECRET' } })
      .toBuffer();
    expect(jpeg.includes(Buffer.from('GPS-SECRET'))).toBe(true);
    const res = await upload('image', 'photo.jpg', 'image/jpeg', jpeg);
    expect(res.statusCode).toBe(200);
    const { imageUrl } = res.json();
    expect(imageUrl).toMatch(/^\/uploads\/profile\/[A-Za-z0-9_-]+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('GPS-SECRET'))).toBe(false);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();
    expect(me.picture).toBe(imageUrl);
  });

  it('checks the content, not the name or declared type', async () => {
    const fake = await upload('image', 'cat.png', 'image/png', Buffer.from('%PDF-1.4 this is not an image'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ error: '画像ファイルのみアップロード可能です', message: '画像ファイルのみアップロード可能です' });
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    const renamed = await upload('image', 'document.pdf', 'application/pdf', png);
    expect(renamed.statusCode).toBe(200);
  });

  it('refuses more than 10 MB', async () => {
    const res = await upload('image', 'big.jpg', 'image/jpeg', Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('画像ファイルは10MB以下にしてください');
  });

  it('needs the field image and a signed-in member', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload('photo', 'a.png', 'image/png', png)).statusCode).toBe(400);
    expect((await upload('image', 'a.png', 'image/png', png, '')).statusCode).toBe(401);
    void userId;
  });
});
