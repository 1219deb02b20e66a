import { cn } from '@web/lib/cn';
import { ChevronDown } from 'lucide-react';
import { Accordion as Radix } from 'radix-ui';
import type { ReactNode } from 'react';

export interface AccordionItem {
  /** Stable: the open item's value and the item's anchor. */
  value: string;
  title: ReactNode;
  content: ReactNode;
}

interface AccordionProps {
  items: AccordionItem[];
  /** Items open at first (e.g. the one a link's #anchor names). */
  defaultOpen?: string[];
  className?: string;
  testId?: string;
}

/**
 * Questions that open to their answers (Radix Accordion): any number open at once, each header a
 * button that says whether it is open, arrow keys between headers.
 */
export function Accordion({ items, defaultOpen, className, testId }: AccordionProps) {
  return (
    <Radix.Root
      type="multiple"
      defaultValue={defaultOpen}
      className={cn('divide-y divide-border overflow-hidden rounded-3xl border border-border bg-bg', className)}
      data-testid={testId}
    >
      {items.map((item) => (
        <Radix.Item key={item.value} value={item.value} id={item.value} className="scroll-mt-20">
          <Radix.Header>
            <Radix.Trigger className="group flex min-h-14 w-full items-center gap-3 px-5 py-3 text-left font-medium leading-relaxed hover:bg-surface focus-visible:bg-surface">
              <span className="flex-1 [word-break:auto-phrase]">{item.title}</span>
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-muted transition-transform duration-200 group-data-[state=open]:rotate-180 motion-reduce:transition-none"
              />
            </Radix.Trigger>
          </Radix.Header>
          <Radix.Content className="px-5 pb-5 text-[15px] leading-[1.8]">{item.content}</Radix.Content>
        </Radix.Item>
      ))}
    </Radix.Root>
  );
}
