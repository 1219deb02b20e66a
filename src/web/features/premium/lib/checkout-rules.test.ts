import { describe, expect, it } from 'vitest';
import { premiumAuthError } from './auth-error';
import { demoCardProblem, formatCardNumber, isDeclinedTestCard } from './demo-card';

describe('/premium error codes (creator-operator spec §8, C-8-01..05)', () => {
  it('selects the message of each known code, and the generic one titled 認証エラー otherwise', () => {
    expect(premiumAuthError('auth_failed').message).toBe('Google認証に失敗しました。再度お試しください。');
    expect(premiumAuthError('server_error').message).toBe('サーバーエラーが発生しました。しばらく待ってから再度お試しください。');
    expect(premiumAuthError('token_failed').message).toBe('Google認証トークンの取得に失敗しました。再度お試しください。');
    expect(premiumAuthError('login_failed').message).toBe('ログインに失敗しました。再度お試しください。');
    for (const code of ['xyz', '', 'title', 'other', '__proto__']) {
      expect(premiumAuthError(code)).toEqual({ title: '認証エラー', message: '認証中に予期しないエラーが発生しました。' });
    }
  });
});

describe('the demo test form', () => {
  it('groups the card number by four and keeps 16 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42424242 99')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42a4')).toBe('424');
  });

  it('checks the shape of number, expiry and CVC, in that order', () => {
    const ok = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
    expect(demoCardProblem(ok)).toBeNull();
    expect(demoCardProblem({ ...ok, number: '4242 4242' })).toBe('カード番号を16桁で入力してください。');
    expect(demoCardProblem({ ...ok, expiry: '13/34' })).toBe('有効期限をMM/YYの形式で入力してください。');
    expect(demoCardProblem({ ...ok, expiry: '1234' })).toBe('有効期限をMM/YYの形式で入力してください。');
    expect(demoCardProblem({ ...ok, cvc: '12' })).toBe('セキュリティコードを3〜4桁で入力してください。');
    expect(demoCardProblem({ ...ok, cvc: '1234' })).toBeNull();
  });

  it("refuses Stripe's generic decline test card only", () => {
    expect(isDeclinedTestCard('4000 0000 0000 0002')).toBe(true);
    expect(isDeclinedTestCard('4242 4242 4242 4242')).toBe(false);
  });
});
