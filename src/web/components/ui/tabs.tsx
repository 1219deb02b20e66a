import { cn } from '@web/lib/cn';
import { Tabs as RadixTabs } from 'radix-ui';
import { type ComponentProps, createContext, useContext } from 'react';

/**
 * How a row of tabs looks: `segmented` (a tinted bar of equal cells, the active one raised), `underline`
 * (an accent line under the active tab), `bar` (equal cells, the active one in the accent with a short
 * bar under it) and `chips` (rounded chips, the active one filled).
 */
export type TabsLook = 'segmented' | 'underline' | 'bar' | 'chips';

const LIST: Record<TabsLook, string> = {
  segmented: 'grid gap-1 rounded-2xl bg-surface p-1',
  underline: 'flex gap-1 border-border border-b',
  bar: 'flex border-border border-b',
  chips: 'flex gap-2',
};

const TRIGGER: Record<TabsLook, string> = {
  segmented: cn(
    'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-xl px-1 font-medium text-muted text-sm transition-colors',
    'hover:text-fg data-[state=active]:bg-bg data-[state=active]:text-fg data-[state=active]:shadow-sm',
  ),
  underline: cn(
    '-mb-px inline-flex min-h-11 items-center border-transparent border-b-2 px-3 font-medium text-muted text-sm transition-colors sm:px-4',
    'hover:text-fg data-[state=active]:border-accent data-[state=active]:text-fg',
  ),
  bar: cn(
    'relative flex min-h-12 flex-1 items-center justify-center gap-1.5 font-medium text-muted text-sm transition-colors hover:text-fg',
    'data-[state=active]:text-accent data-[state=active]:after:absolute data-[state=active]:after:inset-x-4 data-[state=active]:after:bottom-0 data-[state=active]:after:h-0.5 data-[state=active]:after:rounded-full data-[state=active]:after:bg-accent',
  ),
  chips: cn(
    'inline-flex min-h-11 shrink-0 snap-start items-center gap-1.5 rounded-full border border-border px-4 font-medium text-muted text-sm transition-colors',
    'hover:text-fg data-[state=active]:border-accent data-[state=active]:bg-accent data-[state=active]:text-accent-fg',
  ),
};

const LookContext = createContext<TabsLook>('underline');

type TabsProps = ComponentProps<typeof RadixTabs.Root> & { look: TabsLook };

/** Tabs (Radix): the selected value, arrow keys between the tabs; `look` styles the list and its tabs. */
export function Tabs({ look, ...props }: TabsProps) {
  return (
    <LookContext.Provider value={look}>
      <RadixTabs.Root {...props} />
    </LookContext.Provider>
  );
}

/** The row of tabs; its accessible name is required. `className` adds layout (columns, scrolling). */
export function TabList({ className, ...props }: ComponentProps<typeof RadixTabs.List> & { 'aria-label': string }) {
  const look = useContext(LookContext);
  return <RadixTabs.List className={cn(LIST[look], className)} {...props} />;
}

/** One tab of the list, in the look of its `Tabs`. */
export function Tab({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  const look = useContext(LookContext);
  return <RadixTabs.Trigger className={cn(TRIGGER[look], className)} {...props} />;
}

/** The panel shown for one value, without a focus ring of its own; `className` spaces it from the list. */
export function TabPanel({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn('outline-none', className)} {...props} />;
}
