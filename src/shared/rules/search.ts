import { categoryAliases } from '../categories';

/**
 * The category tabs after おすすめ: one tab per category, names that are aliases of an earlier one
 * (政治・社会 ⇔ 社会・政治, ビジネス ⇔ ビジネス戦略) folded into it. A selected category (from the address)
 * always has a tab with its own name: it replaces its alias's tab, or comes first when it is unknown.
 */
export function categoryTabs(names: readonly string[], selected: string | null | undefined): string[] {
  const tabs: string[] = [];
  for (const name of names) {
    if (!name || tabs.some((t) => categoryAliases(t).includes(name))) continue;
    tabs.push(name);
  }
  if (!selected) return tabs;
  const at = tabs.findIndex((t) => categoryAliases(selected).includes(t));
  if (at >= 0) tabs[at] = selected;
  else tabs.unshift(selected);
  return tabs;
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
