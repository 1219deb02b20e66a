import { SEARCH_TEXT } from '@shared/messages/search';
import { Tab, TabList, TabPanel, Tabs } from '@web/components/ui/tabs';
import { Sparkles } from 'lucide-react';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useRef } from 'react';

/** The value of the おすすめ tab (no category). */
export const RECOMMENDED_TAB = '__recommended__';

interface CategoryTabsProps {
  /** The selected tab; null selects none (keyword results of every category). */
  value: string | null;
  categories: readonly string[];
  onValueChange: (value: string) => void;
  /** The selected category tab pressed again (a click, Enter or Space). */
  onReselect?: () => void;
  children: ReactNode;
}

/** The value of no tab: Radix selects nothing for a value none of its triggers has. */
const NONE = '';

/**
 * おすすめ first, then one tab per category, in a row that scrolls sideways; arrow keys move between tabs.
 * On a phone the row runs to the screen's edges with its first chip in line with the search box (also once
 * scrolled to a tab); from 1024 px it is exactly as wide as the box, fading out at its end. One line
 * always, so the results below never move when the categories arrive.
 */
export function CategoryTabs({ value, categories, onValueChange, onReselect, children }: CategoryTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  // Whether the pressed tab was already the selected one when the press began (Radix selects on press).
  const wasSelected = useRef(false);
  const reselect = onReselect
    ? {
        onMouseDown: (e: MouseEvent<HTMLButtonElement>) => {
          wasSelected.current = e.currentTarget.dataset.state === 'active';
        },
        onClick: () => {
          if (wasSelected.current) onReselect();
          wasSelected.current = false;
        },
        onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => {
          if ((e.key === 'Enter' || e.key === ' ') && e.currentTarget.dataset.state === 'active') {
            e.preventDefault();
            onReselect();
          }
        },
      }
    : {};
  // A category chosen from elsewhere (a chip's link) may sit far along the row: bring its tab into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the selection or the tabs change
  useEffect(() => {
    list.current?.querySelector('[data-state="active"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [value, categories.length]);
  return (
    <Tabs look="chips" value={value ?? NONE} onValueChange={onValueChange} activationMode="manual">
      <TabList
        ref={list}
        aria-label={SEARCH_TEXT.categoryTabs.categoryTabsLabel}
        className="-mx-4 snap-x scroll-px-4 overflow-x-auto px-4 py-1 [scrollbar-width:none] lg:mx-0 lg:scroll-px-0 lg:px-0 lg:[mask-image:linear-gradient(to_right,black_calc(100%-2.5rem),transparent)]"
        data-testid="category-tabs"
      >
        <Tab value={RECOMMENDED_TAB}>
          <Sparkles aria-hidden="true" className="size-4" />
          {SEARCH_TEXT.categoryTabs.recommended}
        </Tab>
        {categories.map((c) => (
          <Tab key={c} value={c} {...reselect}>
            {c}
          </Tab>
        ))}
      </TabList>
      <TabPanel value={value ?? NONE} className="mt-4" tabIndex={-1}>
        {children}
      </TabPanel>
    </Tabs>
  );
}
