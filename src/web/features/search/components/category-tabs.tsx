import { SEARCH_TEXT } from '@shared/messages/search';
import { cn } from '@web/lib/cn';
import { Sparkles } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type ReactNode, useEffect, useRef } from 'react';

/** The value of the おすすめ tab (no category). */
export const RECOMMENDED_TAB = '__recommended__';

interface CategoryTabsProps {
  value: string;
  categories: readonly string[];
  onValueChange: (value: string) => void;
  children: ReactNode;
}

const trigger = cn(
  'inline-flex min-h-11 shrink-0 snap-start items-center gap-1.5 rounded-full border border-border px-4 font-medium text-muted text-sm transition-colors',
  'hover:text-fg data-[state=active]:border-accent data-[state=active]:bg-accent data-[state=active]:text-accent-fg',
);

/** おすすめ first, then one tab per category, in a row that scrolls sideways; arrow keys move between tabs. */
export function CategoryTabs({ value, categories, onValueChange, children }: CategoryTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  // A category chosen from elsewhere (a chip's link) may sit far along the row: bring its tab into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the selection or the tabs change
  useEffect(() => {
    list.current?.querySelector('[data-state="active"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [value, categories.length]);
  return (
    <Tabs.Root value={value} onValueChange={onValueChange} activationMode="manual">
      <Tabs.List
        ref={list}
        aria-label={SEARCH_TEXT.categoryTabs.categoryTabsLabel}
        className="-mx-4 flex snap-x gap-2 overflow-x-auto px-4 py-1 [scrollbar-width:none]"
        data-testid="category-tabs"
      >
        <Tabs.Trigger value={RECOMMENDED_TAB} className={trigger}>
          <Sparkles aria-hidden="true" className="size-4" />
          {SEARCH_TEXT.categoryTabs.recommended}
        </Tabs.Trigger>
        {categories.map((c) => (
          <Tabs.Trigger key={c} value={c} className={trigger}>
            {c}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={value} className="mt-4 outline-none" tabIndex={-1}>
        {children}
      </Tabs.Content>
    </Tabs.Root>
  );
}
