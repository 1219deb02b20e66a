import { describe, expect, it } from 'vitest';
import { adminPremiumEnd, memberDeleteAlert } from './admin-members';

describe('会員管理 rules', () => {
  it('C-9-01: the premium edit ends 30 days from now', () => {
    expect(adminPremiumEnd(new Date('2025-05-01T00:00:00Z')).toISOString()).toBe('2025-05-31T00:00:00.000Z');
  });
  it('C-8-26 C-8-27 C-8-28: the delete alert by status', () => {
    expect(memberDeleteAlert(401, 'x')).toBe('管理者認証が必要です。ログインしてください。');
    expect(memberDeleteAlert(404, 'x')).toBe('ユーザーが見つかりません。');
    expect(memberDeleteAlert(409, '支払い中です')).toBe('支払い中です');
    expect(memberDeleteAlert(500, null)).toBe('ユーザーの削除に失敗しました');
    expect(memberDeleteAlert(null, null)).toBe('ユーザーの削除に失敗しました');
  });
});
