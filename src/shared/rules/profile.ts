import { z } from 'zod';

/** Validation messages of the listener spec §5 (profile). */
export const PROFILE_MESSAGES = {
  nameRequired: '名前を入力してください',
  nameTooLong: '名前は50文字以内で入力してください',
  userIdTooShort: 'ユーザーIDは3文字以上で入力してください',
  userIdTooLong: 'ユーザーIDは30文字以内で入力してください',
  userIdCharset: 'ユーザーIDは英数字、ハイフン、アンダースコアのみ使用可能です',
  userIdTaken: 'このユーザーIDは既に使用されています',
  userIdReserved: 'このユーザーIDは使用できません',
  xHandleCharset: 'Xアカウントは英数字とアンダースコアのみ使用可能です',
  xHandleTooLong: 'Xアカウントは15文字以内で入力してください',
  available: '利用可能です',
  checking: '確認中...',
  checkFailed: '確認中にエラーが発生しました',
} as const;

/**
 * Words that are top-level routes (or would read as the product) cannot be user IDs, since
 * /{customUserId} is the public profile address.
 */
export const RESERVED_USER_IDS = new Set([
  'admin',
  'api',
  'search',
  'create-post',
  'notifications',
  'profile',
  'favorites',
  'playlists',
  'playlist',
  'create-playlist',
  'track',
  'tracks',
  'user',
  'users',
  'u',
  'i',
  'mugen',
  'mugen_official',
  'official',
  'premium',
  'premium-success',
  'cancel',
  'invitation-required',
  'closed-beta',
  'pending-approval',
  'access-denied',
  'invalid-invitation',
  'invite-friends',
  'faq',
  'terms',
  'privacy',
  'commercial-law',
  'contact',
  'audio-test',
  'health',
  'ping',
  'uploads',
  'assets',
  'icons',
  'pwa',
  'service-worker',
  'manifest',
  'static',
  'login',
  'logout',
  'settings',
  'help',
  'support',
  'about',
  'root',
  'system',
  'null',
  'undefined',
  'followers',
  'following',
]);

export const USER_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

export const NameSchema = z.string().trim().min(1, PROFILE_MESSAGES.nameRequired).max(50, PROFILE_MESSAGES.nameTooLong);

export const CustomUserIdSchema = z
  .string()
  .trim()
  .min(3, PROFILE_MESSAGES.userIdTooShort)
  .max(30, PROFILE_MESSAGES.userIdTooLong)
  .regex(USER_ID_PATTERN, PROFILE_MESSAGES.userIdCharset);

export const XHandleSchema = z
  .string()
  .trim()
  .max(15, PROFILE_MESSAGES.xHandleTooLong)
  .regex(/^[A-Za-z0-9_]*$/, PROFILE_MESSAGES.xHandleCharset);

/**
 * The user-ID live check before asking the server: fewer than 3 characters or a bad character set is
 * unavailable with the same messages, and no server call is made.
 */
export function checkUserIdLocally(value: string): { available: false; reason: string } | null {
  const r = CustomUserIdSchema.safeParse(value);
  if (!r.success) return { available: false, reason: r.error.issues[0].message };
  if (RESERVED_USER_IDS.has(value.trim().toLowerCase())) return { available: false, reason: PROFILE_MESSAGES.userIdReserved };
  return null;
}
