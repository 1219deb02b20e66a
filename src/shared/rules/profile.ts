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

const X_HANDLE_PATTERN = /^[A-Za-z0-9_]*$/;

/** The display name (after trimming): required, at most 50 characters. */
export function nameProblem(value: string): string | null {
  const v = value.trim();
  if (v.length < 1) return PROFILE_MESSAGES.nameRequired;
  if (v.length > 50) return PROFILE_MESSAGES.nameTooLong;
  return null;
}

/** The custom user ID (after trimming): 3 to 30 characters of letters, digits, _ and -. */
export function customUserIdProblem(value: string): string | null {
  const v = value.trim();
  if (v.length < 3) return PROFILE_MESSAGES.userIdTooShort;
  if (v.length > 30) return PROFILE_MESSAGES.userIdTooLong;
  if (!USER_ID_PATTERN.test(v)) return PROFILE_MESSAGES.userIdCharset;
  return null;
}

/** The X handle (after trimming): at most 15 letters, digits and _. */
export function xHandleProblem(value: string): string | null {
  const v = value.trim();
  if (v.length > 15) return PROFILE_MESSAGES.xHandleTooLong;
  if (!X_HANDLE_PATTERN.test(v)) return PROFILE_MESSAGES.xHandleCharset;
  return null;
}

/**
 * The user-ID live check before asking the server: fewer than 3 characters or a bad character set is
 * unavailable with the same messages, and no server call is made.
 */
export function checkUserIdLocally(value: string): { available: false; reason: string } | null {
  const problem = customUserIdProblem(value);
  if (problem) return { available: false, reason: problem };
  if (RESERVED_USER_IDS.has(value.trim().toLowerCase())) return { available: false, reason: PROFILE_MESSAGES.userIdReserved };
  return null;
}

/** Where an uploaded profile picture is served: the key the server issued, as a path. */
export const PROFILE_UPLOAD_PATH = /^\/uploads\/profile\/[A-Za-z0-9_-]+-[0-9a-f]{12}\.webp$/;

export const PICTURE_MESSAGES = {
  chooseImage: '画像ファイルを選択してください',
  tooLarge: '画像ファイルは10MB以下にしてください',
  uploadFailed: 'アップロードに失敗しました',
  imagesOnly: '画像ファイルのみアップロード可能です',
  invalid: 'プロフィール画像は、アップロードした画像か2文字以内の絵文字を指定してください',
  notYours: 'アップロードした画像のみ設定できます',
} as const;

/**
 * The user-perceived characters (graphemes) of a text. Without Intl.Segmenter (Firefox before 125)
 * code points stand in: a ZWJ sequence then counts as several, never as fewer.
 */
export function graphemesOf(value: string): string[] {
  if (typeof Intl === 'undefined' || typeof Intl.Segmenter !== 'function') return [...value];
  return [...new Intl.Segmenter('ja', { granularity: 'grapheme' }).segment(value)].map((s) => s.segment);
}

// One emoji, as Unicode TS #51 builds them: a pictograph shown as emoji (by default, or by U+FE0F, or
// by a skin tone), optionally joined by ZWJ to further pictographs; a flag of two regional indicators;
// a subdivision flag (black flag and tag characters); a keycap (0-9, # or * with U+20E3).
const PRESENTED = String.raw`(?:(?!\p{Regional_Indicator})\p{Emoji_Presentation}\p{Emoji_Modifier}?|\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier}))`;
const JOINED = String.raw`\u200D(?:\p{Extended_Pictographic}|\p{Emoji_Presentation})(?:\uFE0F|\p{Emoji_Modifier})?`;
const EMOJI = new RegExp(
  String.raw`^(?:${PRESENTED}(?:${JOINED})*|\p{Regional_Indicator}{2}|\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|[0-9#*]\uFE0F?\u20E3)$`,
  'u',
);

/**
 * An emoji avatar: one or two user-perceived characters (graphemes), each a real emoji (skin tones,
 * ZWJ sequences, flags and keycaps included). Never letters, digits, markup, a URL, or a symbol that is
 * only text (`<`, `+`, `=`, `|`, `~`, `©` and `°` without the emoji presentation).
 */
export function isEmojiAvatar(value: string): boolean {
  const graphemes = graphemesOf(value);
  if (graphemes.length < 1 || graphemes.length > 2) return false;
  return graphemes.every((g) => EMOJI.test(g));
}

/**
 * What `picture` may be set to by a member (listener spec §5, issue 13): nothing, an emoji of at most
 * 2 characters, or the path of an upload the server issued. Which upload is the member's own is the
 * server's question; this only refuses everything else (foreign URLs are tracking pixels,
 * `javascript:` is worse).
 */
export function pictureProblem(value: string): string | null {
  if (value === '' || isEmojiAvatar(value) || PROFILE_UPLOAD_PATH.test(value)) return null;
  return PICTURE_MESSAGES.invalid;
}
