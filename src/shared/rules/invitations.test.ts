import { describe, expect, it } from 'vitest';
import { copyRefusal, invitationState, inviteUrl } from './invitations';

const inv = (o: Partial<{ usedCount: number; maxUses: number; isActive: boolean }> = {}) => ({
  code: 'ABCD2345',
  usedCount: 0,
  maxUses: 1,
  isActive: true,
  ...o,
});

describe('invitation codes (listener spec §4 Invitation code, §5)', () => {
  it('L-4.11-01: a code is usable while active and usedCount is below maxUses', () => {
    expect(invitationState(inv())).toBe('usable');
    expect(invitationState(inv({ usedCount: 2, maxUses: 3 }))).toBe('usable');
    expect(copyRefusal(inv())).toBeNull();
  });
  it('L-4.11-02 L-5-35: a code is used when usedCount reaches maxUses, and copying it is refused', () => {
    expect(invitationState(inv({ usedCount: 1 }))).toBe('used');
    expect(copyRefusal(inv({ usedCount: 1 }))).toBe('使用済みの招待コードはコピーできません');
  });
  it('L-4.11-03 L-5-36: an inactive code cannot be copied', () => {
    expect(invitationState(inv({ isActive: false }))).toBe('inactive');
    expect(copyRefusal(inv({ isActive: false }))).toBe('無効な招待コードはコピーできません');
  });
  it('L-2.3-14: the invite URL is the origin plus /i/{code}', () => {
    expect(inviteUrl('https://mugen.example.jp', 'ABCD2345')).toBe('https://mugen.example.jp/i/ABCD2345');
    expect(inviteUrl('http://127.0.0.1:3000/', 'AB')).toBe('http://127.0.0.1:3000/i/AB');
  });
});
