/** Category aliases: 政治・社会 ⇄ 社会・政治, ビジネス ⇄ ビジネス戦略 (listener spec §2 Search). */
const ALIAS_GROUPS: readonly (readonly string[])[] = [
  ['政治・社会', '社会・政治'],
  ['ビジネス', 'ビジネス戦略'],
];

/** Every name that means the same category as `name`, itself first. */
export function categoryAliases(name: string): string[] {
  const group = ALIAS_GROUPS.find((g) => g.includes(name));
  if (!group) return [name];
  return [name, ...group.filter((n) => n !== name)];
}

/**
 * The one name a category goes by wherever it is shown (chips, the search page's tabs): the first of its
 * alias group, which is the create page's suggestion (政治・社会, ビジネス); any other name is its own.
 */
export function canonicalCategory(name: string): string {
  return ALIAS_GROUPS.find((g) => g.includes(name))?.[0] ?? name;
}

/** The names of a stored category string as they are shown: each by its canonical name, without repeats. */
export function categoryNames(value: string | null | undefined): string[] {
  return [...new Set(splitCategories(value).map(canonicalCategory))];
}

/** Splits a stored comma-separated category string into names. */
export function splitCategories(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The 15 suggestions of the create page (listener spec §9). */
export const CREATE_PAGE_CATEGORIES = [
  'ビジネス',
  'テクノロジー',
  '健康・ウェルネス',
  '教育・学習',
  'ライフスタイル',
  '科学',
  '歴史',
  '文化・芸術',
  'スポーツ',
  '音楽',
  '料理・グルメ',
  '旅行',
  '政治・社会',
  'エンターテイメント',
  'ニュース',
] as const;

export const DEFAULT_EDIT_CATEGORIES = [
  '一般',
  'お気に入り',
  'リラックス',
  '勉強・集中',
  '作業用',
  '睡眠・瞑想',
  'ニュース',
  'エンターテイメント',
] as const;
