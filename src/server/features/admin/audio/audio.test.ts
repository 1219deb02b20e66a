import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUDIO_MESSAGES, ADMIN_UPLOAD_MAX_BYTES, posterLabel } from '../../../../shared/rules/admin-audio';
import type { AudioFileRow } from '../../../../shared/schemas/admin-audio';
import { tracks, users } from '../../../db/schema';
import { encodeMp3 } from '../../../providers/audio/mp3';
import { adminSuite } from '../../../test/admin-kit';
import { insertTrack, insertUser, sessionCookie } from '../../../test/app';
import { tone } from '../../../test/generation-kit';
import { hqAudioKey } from '../../tracks/queries';
import { ensureOfficial, MP3, mp3File, multipart } from './audio-kit';
import { isMp3 } from './mp3-check';

// Issue 18, 音声管理 (creator-operator spec §2.4, §3, §5, §7; decision 0022): the file list, where each
// file is, the upload, and the tracks' visibility and delete calls used by an operator; the sync into the
// bucket against the local fake S3 (s3rver).

const suite = adminSuite();
const { call } = suite;
let member: string;

beforeAll(async () => {
  const m = await insertUser(suite.t.db);
  member = await sessionCookie(suite.t.db, { userId: m.id });
  await ensureOfficial(suite.t.db);
});

const upload = (fields: Record<string, string>, files: ReturnType<typeof mp3File>[], cookie: string | null = suite.admin) => {
  const body = multipart(fields, files);
  return suite.t.app.inject({
    method: 'POST',
    url: '/admin/upload',
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
};
const files = (query = '', cookie = suite.admin) =>
  suite.t.app.inject({ method: 'GET', url: `/api/admin/files${query}`, headers: { cookie } });

describe('音声管理: who may call it', () => {
  it('C-6: POST /admin/upload answers 401 管理者認証が必要です to a visitor and to a member, before reading the body', async () => {
    for (const cookie of [null, member]) {
      const res = await upload({ title: '勝手な投稿' }, [mp3File()], cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('管理者認証が必要です。ログインしてください。');
    }
    const count = await suite.t.db.select({ id: tracks.id }).from(tracks).where(eq(tracks.title, '勝手な投稿'));
    expect(count).toHaveLength(0);
  });

  it('C-6: the list, the locations and the sync answer 401 to a member', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/files'],
      ['GET', '/api/admin/files/location'],
      ['POST', '/api/admin/files/sync/1'],
      ['POST', '/api/admin/files/sync-all'],
    ] as const) {
      const res = await suite.t.app.inject({ method, url, headers: { cookie: member } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('ファイル一覧: GET /api/admin/files', () => {
  let owner: { id: string; name: string };
  const made: number[] = [];

  beforeAll(async () => {
    owner = await insertUser(suite.t.db, { name: '投稿者ハナコ' });
    // 12 tracks, newest last: the owner's, one hidden; the official channel's by createdBy only; one of no one.
    for (let i = 0; i < 12; i++) {
      const row = await insertTrack(
        suite.t,
        {
          title: `一覧テスト${String(i).padStart(2, '0')}`,
          userId: i < 6 ? owner.id : null,
          createdBy: i < 6 ? owner.id : i === 10 ? null : 'mugen_official',
          isVisible: i !== 3,
          playCount: i === 0 ? 1_500 : i,
          impressionCount: 2_300_000,
          likeCount: 7,
          bookmarkCount: 2,
          uploadedAt: new Date(Date.UTC(2025, 5, 1 + i, 3, 4, 5)),
        },
        randomBytes(1_000 + i),
      );
      made.push(row.id);
    }
  });

  it('C-3-01, C-9-04: 10 a page, newest first, each row with every field of the spec, hidden tracks included', async () => {
    const res = await files('?search=一覧テスト');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 12, page: 1, pageSize: 10, bucket: false });
    expect(body.files).toHaveLength(10);
    expect(body.files.map((f: AudioFileRow) => f.title)[0]).toBe('一覧テスト11');
    const hidden = body.files.find((f: AudioFileRow) => f.title === '一覧テスト03');
    expect(hidden).toEqual({
      id: made[3],
      title: '一覧テスト03',
      location: 'local',
      exists: true,
      size: 1_003,
      profile: { exists: null },
      playCount: 3,
      impressionCount: 2_300_000,
      likeCount: 7,
      bookmarkCount: 2,
      posterName: '投稿者ハナコ',
      creatorName: '投稿者ハナコ',
      createdBy: owner.id,
      uploadedAt: '2025-06-04T03:04:05.000Z',
      isVisible: false,
      isPremiumOnly: false,
      duration: 180,
      copies: { local: { exists: true, size: 1_003 }, s3: null },
    });
    const page2 = (await files('?search=一覧テスト&page=2')).json();
    expect(page2.files.map((f: AudioFileRow) => f.title)).toEqual(['一覧テスト01', '一覧テスト00']);
    expect(page2).toMatchObject({ total: 12, page: 2 });
  });

  it('C-2.4-07: the poster is posterName, else the creator (the account createdBy names), else システム', async () => {
    const all = [
      ...(await files('?search=一覧テスト')).json().files,
      ...(await files('?search=一覧テスト&page=2')).json().files,
    ] as AudioFileRow[];
    const byTitle = (title: string) => all.find((f) => f.title === title) as AudioFileRow;
    expect(byTitle('一覧テスト09')).toMatchObject({ posterName: null, creatorName: '無限', createdBy: 'mugen_official' });
    expect(posterLabel(byTitle('一覧テスト09'), 'システム')).toBe('無限');
    expect(byTitle('一覧テスト10')).toMatchObject({ posterName: null, creatorName: null, createdBy: null });
    expect(posterLabel(byTitle('一覧テスト10'), 'システム')).toBe('システム');
    expect(posterLabel(byTitle('一覧テスト02'), 'システム')).toBe('投稿者ハナコ');
  });

  it('C-2.4-10: search matches the title and the poster, case and width folded; a term with % or _ is taken literally', async () => {
    const byPoster = (await files(`?search=${encodeURIComponent('ハナコ')}`)).json();
    expect(byPoster.total).toBe(6);
    expect(byPoster.files.every((f: AudioFileRow) => f.posterName === '投稿者ハナコ')).toBe(true);
    const byCreator = (await files(`?search=${encodeURIComponent('無限')}&page=1`)).json();
    expect(byCreator.files.map((f: AudioFileRow) => f.title)).toEqual(expect.arrayContaining(['一覧テスト09', '一覧テスト11']));
    const byTitle = (await files(`?search=${encodeURIComponent('一覧テスト0５')}`)).json();
    expect(byTitle.files.map((f: AudioFileRow) => f.title)).toEqual(['一覧テスト05']);
    expect((await files(`?search=${encodeURIComponent('%')}`)).json().total).toBe(0);
    expect((await files('?search=zzz-nothing')).json()).toMatchObject({ total: 0, files: [] });
  });

  it('refuses a page that is not a positive number with 400, never 500', async () => {
    for (const q of ['?page=0', '?page=abc', '?page=-1']) expect((await files(q)).statusCode).toBe(400);
  });

  it('C-7.4-20, C-2.4-06: GET /api/admin/files/location says where each file is and whether it exists, for the ids asked', async () => {
    const res = await suite.t.app.inject({
      method: 'GET',
      url: `/api/admin/files/location?ids=${made[0]},${made[1]}`,
      headers: { cookie: suite.admin },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.bucket).toBe(false);
    expect(body.files.map((f: AudioFileRow) => [f.id, f.location, f.exists])).toEqual([
      [made[1], 'local', true],
      [made[0], 'local', true],
    ]);
    // The file goes from disk: the next poll says so.
    const [row] = await suite.t.db.select({ filename: tracks.filename }).from(tracks).where(eq(tracks.id, made[1]));
    await suite.t.storage.delete(`audio/${row.filename}`);
    const again = (await call('GET', `/api/admin/files/location?ids=${made[1]}`)).json();
    expect(again.files[0]).toMatchObject({ id: made[1], location: 'local', exists: false, size: 1_001 });
    // Without ids: every track, hidden included.
    const all = (await call('GET', '/api/admin/files/location')).json();
    expect(all.files.map((f: AudioFileRow) => f.id)).toEqual(expect.arrayContaining(made));
    for (const bad of ['ids=abc', 'ids=1,,2', `ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`]) {
      const r = await call('GET', `/api/admin/files/location?${bad}`);
      expect(r.statusCode, bad).toBe(400);
    }
  });

  it('C-2.4-06: profile.exists follows the poster’s uploaded picture file (null for an emoji)', async () => {
    const poster = await insertUser(suite.t.db, { name: '画像の人' });
    const picture = `/uploads/profile/${poster.id.replace(/[^A-Za-z0-9_-]/g, '')}-0123456789ab.webp`;
    await suite.t.db.update(users).set({ picture }).where(eq(users.id, poster.id));
    const tr = await insertTrack(suite.t, { title: '画像つき', userId: poster.id, createdBy: poster.id });
    const ask = async () => (await call('GET', `/api/admin/files/location?ids=${tr.id}`)).json().files[0];
    expect((await ask()).profile).toEqual({ exists: false });
    await suite.t.storage.put(
      picture.slice(1),
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .webp()
        .toBuffer(),
    );
    expect((await ask()).profile).toEqual({ exists: true });
  });

  it('sync without a bucket answers 409 with a Japanese message, not 500', async () => {
    for (const url of [`/api/admin/files/sync/${made[0]}`, '/api/admin/files/sync-all']) {
      const res = await suite.t.app.inject({ method: 'POST', url, headers: { cookie: suite.admin } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ADMIN_AUDIO_MESSAGES.noBucket);
    }
  });
});

describe('アップロード: POST /admin/upload', () => {
  it('C-7.4-24: a real MP3 with a title becomes a visible track of the official channel with its real duration, listed in GET /api/tracks', async () => {
    const res = await upload({ title: '  管理者のMP3  ' }, [mp3File()]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ title: '管理者のMP3', size: MP3.length, message: '「管理者のMP3」をアップロードしました' });
    // 2.5 s of sound; MP3 padding adds about 66 ms (ARCHITECTURE "Facts").
    expect(body.duration).toBeGreaterThanOrEqual(2.5);
    expect(body.duration).toBeLessThan(2.65);
    const [row] = await suite.t.db.select().from(tracks).where(eq(tracks.id, body.id));
    expect(row).toMatchObject({ title: '管理者のMP3', userId: 'mugen', createdBy: 'mugen', isVisible: true, fileSize: MP3.length });
    expect(row.titleReading).toBe('かんりしゃのmp3');
    const stored = await suite.t.storage.stat(`audio/${row.filename}`);
    expect(stored?.size).toBe(MP3.length);
    const listed = (await suite.t.app.inject({ method: 'GET', url: '/api/tracks?limit=100' })).json();
    const list = Array.isArray(listed) ? listed : listed.tracks;
    expect(list.map((x: { id: number }) => x.id)).toContain(body.id);
    const stream = await suite.t.app.inject({ method: 'GET', url: `/api/stream/${body.id}` });
    expect(stream.statusCode).toBe(200);
    expect(stream.rawPayload.equals(MP3)).toBe(true);
    // It is in the console's list with its poster.
    const found = (await files(`?search=${encodeURIComponent('管理者のMP3')}`)).json().files[0];
    expect(found).toMatchObject({ id: body.id, posterName: '無限', isVisible: true, exists: true, location: 'local' });
  });

  it('C-7.4-24: an MP3 behind ID3v2 tags is taken too', async () => {
    const tag = Buffer.alloc(10 + 200, 0);
    tag.write('ID3', 0, 'latin1');
    tag[3] = 3;
    tag[9] = 200;
    const res = await upload({ title: 'タグつき' }, [mp3File(Buffer.concat([tag, MP3]))]);
    expect(res.statusCode).toBe(201);
    expect(res.json().duration).toBeGreaterThanOrEqual(2.5);
  });

  it('C-2.4-16: a file that is not MP3 is refused by its content, whatever its name and type say', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const id3Only = Buffer.concat([Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x10', 'latin1'), randomBytes(16), randomBytes(4000)]);
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), randomBytes(3000)]);
    for (const data of [png, Buffer.from('これはテキストです。'.repeat(100)), id3Only, wav, randomBytes(20_000)]) {
      const res = await upload({ title: '偽物' }, [mp3File(data, 'song.mp3', 'audio/mpeg')]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('MP3形式の音声ファイルのみアップロードできます');
    }
    expect(await suite.t.db.select({ id: tracks.id }).from(tracks).where(eq(tracks.title, '偽物'))).toHaveLength(0);
  });

  it('the content decides, not the name: an MP3 called voice.bin sent as application/octet-stream is taken', async () => {
    const res = await upload({ title: '名前は関係ない' }, [mp3File(MP3, 'voice.bin', 'application/octet-stream')]);
    expect(res.statusCode).toBe(201);
  });

  it('C-2.4-15, C-5-07: no title, or a title of spaces only, is refused with タイトルを入力してください', async () => {
    for (const fields of [{}, { title: '' }, { title: '   　 ' }] as Record<string, string>[]) {
      const res = await upload(fields, [mp3File()]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('タイトルを入力してください');
    }
    const long = await upload({ title: 'あ'.repeat(101) }, [mp3File()]);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('タイトルは100文字以内で入力してください');
  });

  it('C-2.4-16: no file, an empty file or a JSON body is refused with MP3ファイルを選択してください', async () => {
    for (const res of [
      await upload({ title: 'ファイルなし' }, []),
      await upload({ title: '空' }, [mp3File(Buffer.alloc(0))]),
      await upload({ title: '別の欄' }, [{ ...mp3File(), field: 'file' }]),
      await suite.t.app.inject({ method: 'POST', url: '/admin/upload', headers: { cookie: suite.admin }, payload: { title: 'JSON' } }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('MP3ファイルを選択してください');
    }
  });

  it('a file over the limit is refused with 413 and the limit in the message; nothing is stored', async () => {
    const big = Buffer.concat([MP3, Buffer.alloc(ADMIN_UPLOAD_MAX_BYTES + 1 - MP3.length)]);
    const res = await upload({ title: '大きすぎる' }, [mp3File(big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('ファイルサイズが大きすぎます（上限 50 MB）');
    expect(await suite.t.db.select({ id: tracks.id }).from(tracks).where(eq(tracks.title, '大きすぎる'))).toHaveLength(0);
  });
});

describe('visibility and delete from the list, by an operator (C-7.4-28, C-7.4-29)', () => {
  it('C-7.4-28: PATCH /api/tracks/{id}/visibility with the operator session hides and shows any member’s track', async () => {
    const owner = await insertUser(suite.t.db);
    const tr = await insertTrack(suite.t, { title: '会員の音声', userId: owner.id, createdBy: owner.id });
    const hide = await suite.t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${tr.id}/visibility`,
      headers: { cookie: suite.admin },
      payload: { isVisible: false },
    });
    expect(hide.statusCode).toBe(200);
    expect(hide.json().isVisible).toBe(false);
    const catalogue = (await suite.t.app.inject({ method: 'GET', url: '/api/tracks?limit=100' })).json();
    const ids = (Array.isArray(catalogue) ? catalogue : catalogue.tracks).map((x: { id: number }) => x.id);
    expect(ids).not.toContain(tr.id);
    const listed = (await files(`?search=${encodeURIComponent('会員の音声')}`)).json().files[0];
    expect(listed).toMatchObject({ id: tr.id, isVisible: false });
    const show = await suite.t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${tr.id}/visibility`,
      headers: { cookie: suite.admin },
      payload: { isVisible: true },
    });
    expect(show.json().isVisible).toBe(true);
  });

  it('C-7.4-29: DELETE /api/tracks/{id} with the operator session removes the track and both of its MP3 files', async () => {
    const owner = await insertUser(suite.t.db);
    const tr = await insertTrack(suite.t, {
      title: '消す音声',
      userId: owner.id,
      createdBy: owner.id,
      hqFilename: 'hq-admin-delete.mp3',
      filename: 'hq-admin-delete.mp3',
    });
    await suite.t.storage.put(hqAudioKey('hq-admin-delete.mp3'), randomBytes(2_000));
    const res = await call('DELETE', `/api/tracks/${tr.id}`);
    expect(res.statusCode).toBe(200);
    expect(await suite.t.db.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, tr.id))).toHaveLength(0);
    expect(await suite.t.storage.stat('audio/hq-admin-delete.mp3')).toBeNull();
    expect(await suite.t.storage.stat('audio-hq/hq-admin-delete.mp3')).toBeNull();
    expect((await call('GET', `/api/admin/files/location?ids=${tr.id}`)).json().files).toEqual([]);
  });
});

describe('isMp3: the content check', () => {
  it('takes MP3 at the encoder’s sample rates and refuses a lone frame sync in noise', () => {
    for (const rate of [16_000, 22_050, 44_100]) expect(isMp3(encodeMp3(tone(0.5, rate)))).toBe(true);
    const noise = randomBytes(5_000);
    noise[100] = 0xff;
    noise[101] = 0xfb;
    noise[102] = 0x90;
    expect(isMp3(noise)).toBe(false);
    expect(isMp3(MP3.subarray(0, 3))).toBe(false);
  });
});
