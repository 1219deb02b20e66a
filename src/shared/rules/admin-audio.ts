/**
 * Rules of the console's 音声管理 tab shared by the server and the browser (creator-operator spec §2.4,
 * §5; decision 0022), with the API's messages. The screen's texts are in messages/admin-audio.ts.
 */

/** The largest MP3 the console takes: about 50 minutes at 128 kbit/s. */
export const ADMIN_UPLOAD_MAX_MB = 50;
export const ADMIN_UPLOAD_MAX_BYTES = ADMIN_UPLOAD_MAX_MB * 1024 * 1024;
/** A track's title, as long as the creation side allows. */
export const ADMIN_UPLOAD_TITLE_MAX = 100;
/** The file list asks where each file is every 30 s (spec §9). */
export const FILE_LOCATION_POLL_MS = 30_000;

export const ADMIN_AUDIO_MESSAGES = {
  titleRequired: 'タイトルを入力してください',
  titleTooLong: `タイトルは${ADMIN_UPLOAD_TITLE_MAX}文字以内で入力してください`,
  fileRequired: 'MP3ファイルを選択してください',
  notMp3: 'MP3形式の音声ファイルのみアップロードできます',
  tooLarge: `ファイルサイズが大きすぎます（上限 ${ADMIN_UPLOAD_MAX_MB} MB）`,
  uploadFailed: 'アップロードに失敗しました。もう一度お試しください',
  noBucket: 'S3バケットが設定されていないため同期できません（S3_BUCKET を設定してください）',
  fileMissing: 'ローカルにもS3にもファイルが見つかりません',
  trackNotFound: '音声が見つかりません',
  syncFailed: 'S3への同期に失敗しました。しばらくしてから再度お試しください',
  idsInvalid: 'ids は1〜100件の数値IDをカンマ区切りで指定してください',
  synced: (moved: number, missing: number) =>
    `${moved}件のファイルをS3へ同期しました${missing > 0 ? `（${missing}件はファイルが見つかりません）` : ''}`,
  nothingToSync: 'S3への同期が必要なファイルはありませんでした',
  uploaded: (title: string) => `「${title}」をアップロードしました`,
} as const;

/** The upload's title (spec §5: trimmed, required): the problem, or null. */
export function uploadTitleProblem(title: string): string | null {
  const t = title.trim();
  if (t.length === 0) return ADMIN_AUDIO_MESSAGES.titleRequired;
  if ([...t].length > ADMIN_UPLOAD_TITLE_MAX) return ADMIN_AUDIO_MESSAGES.titleTooLong;
  return null;
}

/** The upload's file before it is sent (the server checks its content again): the problem, or null. */
export function uploadFileProblem(file: { size: number } | null | undefined): string | null {
  if (!file || file.size === 0) return ADMIN_AUDIO_MESSAGES.fileRequired;
  if (file.size > ADMIN_UPLOAD_MAX_BYTES) return ADMIN_AUDIO_MESSAGES.tooLarge;
  return null;
}

/** The poster column: posterName, else the creator's name, else システム (spec §2.4, C-2.4-07). */
export function posterLabel(row: { posterName: string | null; creatorName: string | null }, system: string): string {
  return row.posterName?.trim() || row.creatorName?.trim() || system;
}

/**
 * The account a track's `createdBy` names: a member's id, or `mugen` / `mugen_official` for the
 * official channel, whose account id is `mugen`.
 */
export const creatorAccountId = (createdBy: string | null): string | null => (createdBy === 'mugen_official' ? 'mugen' : createdBy || null);

/** An upload's date and time in Japanese, Asia/Tokyo: 2025年6月4日 12:04. */
export function formatDateTimeJa(iso: string): string {
  return new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** A clock time, Asia/Tokyo: 12:04:05. */
export function formatClockJa(iso: string): string {
  return new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
    new Date(iso),
  );
}
