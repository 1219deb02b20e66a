import { describe, expect, it } from 'vitest';
import { checkImageFile, normaliseXHandle, validateProfileForm } from './profile-form';

const form = (o: Partial<{ name: string; customUserId: string; xHandle: string }> = {}) => ({
  name: 'デモ',
  customUserId: 'demo_user',
  xHandle: '',
  ...o,
});

describe('the edit-profile form (listener spec §5)', () => {
  it('L-5-01 L-5-02: the name is required and at most 50 characters', () => {
    expect(validateProfileForm(form({ name: '  ' }))).toEqual({ ok: false, errors: { name: '名前を入力してください' } });
    expect(validateProfileForm(form({ name: 'あ'.repeat(51) }))).toEqual({
      ok: false,
      errors: { name: '名前は50文字以内で入力してください' },
    });
    expect(validateProfileForm(form({ name: 'あ'.repeat(50) })).ok).toBe(true);
  });

  it('L-5-03 .. L-5-05: the user ID rules and messages', () => {
    const err = (customUserId: string) => {
      const r = validateProfileForm(form({ customUserId }));
      return r.ok ? null : r.errors.customUserId;
    };
    expect(err('ab')).toBe('ユーザーIDは3文字以上で入力してください');
    expect(err('a'.repeat(31))).toBe('ユーザーIDは30文字以内で入力してください');
    expect(err('ab.c')).toBe('ユーザーIDは英数字、ハイフン、アンダースコアのみ使用可能です');
    expect(err('ab-c_1')).toBeNull();
    expect(err('a'.repeat(30))).toBeNull();
  });

  it('an empty user ID or X account is sent as null', () => {
    expect(validateProfileForm(form({ customUserId: '', xHandle: ' ' }))).toEqual({
      ok: true,
      body: { name: 'デモ', customUserId: null, xHandle: null },
    });
  });

  it('L-5-07 .. L-5-09: the X account is optional, letters, digits and underscore, at most 15', () => {
    const err = (xHandle: string) => {
      const r = validateProfileForm(form({ xHandle }));
      return r.ok ? null : r.errors.xHandle;
    };
    expect(err('a-b')).toBe('Xアカウントは英数字とアンダースコアのみ使用可能です');
    expect(err('a'.repeat(16))).toBe('Xアカウントは15文字以内で入力してください');
    expect(err('a'.repeat(15))).toBeNull();
    expect(err('@mugen_fm')).toBeNull();
    expect(normaliseXHandle(' @mugen_fm ')).toBe('mugen_fm');
  });
});

describe('the image picker check (L-5-16, L-5-17)', () => {
  it('refuses more than 10 MB', () => {
    expect(checkImageFile({ size: 10 * 1024 * 1024 + 1, type: 'image/png' })).toEqual({
      title: 'ファイルサイズエラー',
      description: '画像ファイルは10MB以下にしてください',
    });
    expect(checkImageFile({ size: 10 * 1024 * 1024, type: 'image/png' })).toBeNull();
  });
  it('refuses a type not starting with image/', () => {
    expect(checkImageFile({ size: 100, type: 'application/pdf' })).toEqual({
      title: 'ファイル形式エラー',
      description: '画像ファイルのみアップロード可能です',
    });
    expect(checkImageFile({ size: 100, type: '' })?.title).toBe('ファイル形式エラー');
  });
});
