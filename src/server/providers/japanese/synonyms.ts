/**
 * A small synonym table for the support chat's retrieval (issue 25.4): each group is one idea, written
 * as the base forms kuromoji gives (解約する is 解約 + する; やめたい is やめる). A word of a group is
 * searched as the group's first word, so 退会 finds 解約 and 聴ける finds 聞く. Only words whose
 * meaning is the same in every question Mugen gets belong here; everything else is left to the texts.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['解約', 'キャンセル', '退会', 'やめる', '辞める', '止める', '中止', '停止', '解除', 'サブスク'],
  ['料金', '値段', '価格', '費用', '金額', 'いくら', '月額', '支払い', '支払う', '払う', '課金', 'お金', '値'],
  ['聞く', '聴く', '聞ける', '聴ける', '再生', '流す'],
  ['オフライン', '電波', '圏外', '機内モード', 'ネットワーク', 'ダウンロード', '通信', 'wifi'],
  ['音', '音声', '音量', 'サウンド'],
  ['出る', '鳴る'],
  ['パスワード', 'パス', '暗証番号'],
  ['ログイン', 'サインイン', 'ログオン'],
  ['ブラウザ', 'ブラウザー', 'chrome', 'safari', 'firefox', 'edge'],
  ['スマホ', 'スマートフォン', '携帯', 'iphone', 'android', '端末'],
  ['招待', '紹介'],
  ['作成', '作る', '投稿', '生成'],
  ['問い合わせ', '連絡', '相談'],
  ['広告', 'cm', 'コマーシャル'],
  ['不具合', 'エラー', 'バグ', 'トラブル', '故障'],
];

const CANONICAL = new Map<string, string>();
for (const group of SYNONYM_GROUPS) for (const word of group) CANONICAL.set(word.toLowerCase(), group[0]);

/** The word its group is searched as (itself when it is in no group). */
export const canonical = (word: string): string => CANONICAL.get(word.toLowerCase()) ?? word;
