import { TOOLTIP_DELAY_MS } from '@shared/constants';
import { Tooltip } from 'radix-ui';
import type { ReactElement } from 'react';

interface IconTooltipProps {
  /** The text shown; the same words as the control's accessible name. */
  label: string;
  children: ReactElement;
  side?: 'top' | 'bottom' | 'left' | 'right';
}

/**
 * The name of an icon-only control, shown after 700 ms of hover or at once on keyboard focus
 * (listener spec §2 global interface, L-2.4-30). Touch never opens it. Each tooltip carries its own
 * provider so it can be used anywhere without a provider above the router.
 */
export function IconTooltip({ label, children, side = 'top' }: IconTooltipProps) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side={side}
            sideOffset={6}
            className="z-[90] select-none rounded-lg bg-fg px-2.5 py-1.5 text-bg text-xs shadow-card data-[state=delayed-open]:animate-fade-in"
            data-testid="tooltip"
          >
            {label}
            <Tooltip.Arrow className="fill-fg" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
