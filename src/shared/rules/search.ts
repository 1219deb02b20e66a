import { canonicalCategory } from '../categories';

/**
 * The category tabs after おすすめ: one tab per category by its canonical name (政治・社会 for 社会・政治,
 * ビジネス for ビジネス戦略), the name its chips show too. A selected category (from the address) selects
 * the tab of its canonical name, which comes first when no track has it yet.
 */
export function categoryTabs(names: readonly string[], selected: string | null | undefined): string[] {
  const tabs: string[] = [];
  for (const name of names) {
    const tab = name && canonicalCategory(name);
    if (tab && !tabs.includes(tab)) tabs.push(tab);
  }
  const chosen = selected && canonicalCategory(selected);
  if (chosen && !tabs.includes(chosen)) tabs.unshift(chosen);
  return tabs;
}

/**
 * The selected tab: the category's canonical name, おすすめ (`recommended`) when neither a category
 * nor a keyword is set, and none (`null`) while keyword results show without a category.
 */
export function selectedCategoryTab<T extends string>(search: string, category: string | null | undefined, recommended: T): string | null {
  if (category) return canonicalCategory(category);
  return search.trim() ? null : recommended;
}

/** The address of a search: only the parameters that are set, `search` before `category`. */
export function searchParamsFor(search: string, category: string | null | undefined): URLSearchParams {
  const params = new URLSearchParams();
  const q = search.trim();
  if (q) params.set('search', q);
  if (category) params.set('category', category);
  return params;
}

/** "1,234件" or, when the server stopped counting, "1,000件以上". */
export function resultCountLabel(total: number, capped = false): string {
  return `${total.toLocaleString('ja-JP')}件${capped ? '以上' : ''}`;
}
