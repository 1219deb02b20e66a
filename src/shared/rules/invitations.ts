/** Invitation codes as /invite-friends shows them (listener spec §2, §4 Invitation code, §5). */
export const INVITATION_MESSAGES = {
  usedCopy: '使用済みの招待コードはコピーできません',
  inactiveCopy: '無効な招待コードはコピーできません',
  copyFailed: 'コピーに失敗しました',
  copyFailedHint: 'お手数ですが、招待リンクを手動でコピーしてください',
  copied: '招待リンクをコピーしました',
} as const;

export interface InvitationLike {
  code: string;
  usedCount: number;
  maxUses: number;
  isActive: boolean;
}

export type InvitationState = 'usable' | 'used' | 'inactive';

/** Usable while active and usedCount is below maxUses; used when usedCount reaches maxUses. */
export function invitationState(inv: InvitationLike): InvitationState {
  if (inv.usedCount >= inv.maxUses) return 'used';
  if (!inv.isActive) return 'inactive';
  return 'usable';
}

/** Why copying this code is refused, or null when it may be copied. */
export function copyRefusal(inv: InvitationLike): string | null {
  const state = invitationState(inv);
  if (state === 'used') return INVITATION_MESSAGES.usedCopy;
  if (state === 'inactive') return INVITATION_MESSAGES.inactiveCopy;
  return null;
}

/** The invite URL: the site origin plus /i/{code}. */
export function inviteUrl(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/i/${encodeURIComponent(code)}`;
}
