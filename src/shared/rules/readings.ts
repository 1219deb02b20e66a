/**
 * The reading dictionary (issue 25.3): how an operator's entry is checked, in the browser's form and
 * by the API alike. A reading is katakana (hiragana is accepted and turned into katakana), the form
 * VOICEVOX's user dictionary takes: ァ..ヴ and ー, not starting with a small kana or ー.
 */

export const READING_LIMITS = { surface: 50, reading: 100, text: 2000, note: 200 } as const;

export const READING_MESSAGES = {
  surfaceRequired: '表記を入力してください',
  surfaceTooLong: `表記は${READING_LIMITS.surface}文字以内で入力してください`,
  surfaceOneLine: '表記に改行や空白は使えません',
  surfaceKanaOnly: '表記がかなだけの語は登録できません（読みはそのままです）',
  readingRequired: '読みを入力してください',
  readingTooLong: `読みは${READING_LIMITS.reading}文字以内で入力してください`,
  readingKana: '読みはカタカナ（またはひらがな）で入力してください',
  readingStart: '読みの最初に小さいかなや「ー」は使えません',
  textRequired: '読みを調べる文を入力してください',
  textTooLong: `読みを調べる文は${READING_LIMITS.text.toLocaleString('en-US')}文字以内で入力してください`,
  noteTooLong: `メモは${READING_LIMITS.note}文字以内で入力してください`,
  entryNotFound: 'この読みは登録されていません',
  reportNotFound: 'この報告は見つかりません',
  trackNotFound: 'この番組は見つかりません',
  lineNotFound: 'この行は番組の文字起こしにありません',
  noScript: 'この番組には台本がないため、音声を作り直せません',
  alreadyRegenerating: 'この番組の音声はいま作り直しています',
} as const;

/** ぁ..ゖ → ァ..ヶ; NFKC first (ｶﾀｶﾅ → カタカナ), spaces removed. */
export function readingForm(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
}

/** The surface as stored and matched: NFKC, trimmed. */
export const surfaceForm = (value: string) => value.normalize('NFKC').trim();

const SMALL_OR_LONG = /^[ァィゥェォャュョヮッー]/;

export function surfaceProblem(value: string): string | null {
  const v = surfaceForm(value);
  if (!v) return READING_MESSAGES.surfaceRequired;
  if ([...v].length > READING_LIMITS.surface) return READING_MESSAGES.surfaceTooLong;
  if (/\s/.test(v)) return READING_MESSAGES.surfaceOneLine;
  if (/^[\p{Script=Hiragana}\p{Script=Katakana}ー]+$/u.test(v)) return READING_MESSAGES.surfaceKanaOnly;
  return null;
}

export function readingProblem(value: string): string | null {
  const v = readingForm(value);
  if (!v) return READING_MESSAGES.readingRequired;
  if ([...v].length > READING_LIMITS.reading) return READING_MESSAGES.readingTooLong;
  if (!/^[ァ-ヴー]+$/.test(v)) return READING_MESSAGES.readingKana;
  if (SMALL_OR_LONG.test(v)) return READING_MESSAGES.readingStart;
  return null;
}

export function readingTextProblem(value: string): string | null {
  if (!value.trim()) return READING_MESSAGES.textRequired;
  if ([...value].length > READING_LIMITS.text) return READING_MESSAGES.textTooLong;
  return null;
}
