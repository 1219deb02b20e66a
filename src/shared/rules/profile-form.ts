import type { ProfileUpdate } from '../schemas/auth';
import { customUserIdProblem, nameProblem, xHandleProblem } from './profile';

/** The edit-profile dialog's texts (listener spec §2 My Page, §5, §8). */
export const PROFILE_FORM_MESSAGES = {
  imageHint: 'JPEG、PNG、GIF、WebP（10MBまで）',
  imageTooLargeTitle: 'ファイルサイズエラー',
  imageTooLarge: '画像ファイルは10MB以下にしてください',
  imageTypeTitle: 'ファイル形式エラー',
  imageType: '画像ファイルのみアップロード可能です',
  uploadedTitle: '画像アップロード完了',
  uploaded: 'プロフィール画像を更新しました',
  uploadFailedTitle: 'アップロードエラー',
  uploadFailed: 'アップロードに失敗しました',
  emailNote: 'メールアドレスは変更できません',
  savedTitle: 'プロフィールを更新しました',
  saved: '変更が保存されました',
  saveFailedTitle: '更新に失敗しました',
  saveFailed: 'プロフィールの更新中にエラーが発生しました',
  updateFailed: 'プロフィールの更新に失敗しました',
  deleteAccountConfirm: 'アカウントを削除しますか？この操作は取り消せません。',
  accountDeleted: 'アカウントを削除しました',
  accountDeleteFailed: 'アカウント削除に失敗しました',
} as const;

export const MAX_PROFILE_IMAGE_BYTES = 10 * 1024 * 1024;

/** The picker's own check before anything is sent: at most 10 MB and a type starting with image/. */
export function checkImageFile(file: { size: number; type: string }): { title: string; description: string } | null {
  if (file.size > MAX_PROFILE_IMAGE_BYTES) {
    return { title: PROFILE_FORM_MESSAGES.imageTooLargeTitle, description: PROFILE_FORM_MESSAGES.imageTooLarge };
  }
  if (!file.type.startsWith('image/')) {
    return { title: PROFILE_FORM_MESSAGES.imageTypeTitle, description: PROFILE_FORM_MESSAGES.imageType };
  }
  return null;
}

export interface ProfileFormValues {
  name: string;
  customUserId: string;
  xHandle: string;
}

export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, string>>;

/** A leading @ typed into the X field is the handle's usual spelling, not part of it. */
export function normaliseXHandle(value: string): string {
  return value.trim().replace(/^@+/, '');
}

/**
 * The dialog's values checked by the same rules the server's schema applies: the PUT body, or the
 * message of each field that is wrong. An empty user ID or X account is sent as null (cleared).
 */
export function validateProfileForm(
  values: ProfileFormValues,
): { ok: true; body: ProfileUpdate } | { ok: false; errors: ProfileFormErrors } {
  const name = values.name.trim();
  const customUserId = values.customUserId.trim();
  const xHandle = normaliseXHandle(values.xHandle);
  const errors: ProfileFormErrors = {};
  const nameError = nameProblem(name);
  if (nameError) errors.name = nameError;
  const idError = customUserId ? customUserIdProblem(customUserId) : null;
  if (idError) errors.customUserId = idError;
  const xError = xHandle ? xHandleProblem(xHandle) : null;
  if (xError) errors.xHandle = xError;
  if (nameError || idError || xError) return { ok: false, errors };
  return { ok: true, body: { name, customUserId: customUserId || null, xHandle: xHandle || null } };
}
