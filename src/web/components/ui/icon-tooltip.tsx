import { TOOLTIP_DELAY_MS } from '@shared/constants';
import { cloneElement, type ReactElement, useEffect, useId, useRef, useState } from 'react';

interface IconTooltipProps {
  /** The text shown; the same words as the control's accessible name. */
  label: string;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}

/**
 * The name of an icon-only control, shown after 700 ms of mouse hover (L-2.4-30) or at once on keyboard
 * focus; Escape, leaving, pressing or blurring hides it, and touch never opens it. Hand-made rather than
 * Radix Tooltip, which would bring its positioning engine (about 11 kB gzip) into the home route
 * (docs/decisions/0009-pwa.md).
 */
export function IconTooltip({ label, children }: IconTooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const show = (delay: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setOpen(false);
  };

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only listens; the control inside is the button
    <span
      className="relative inline-flex"
      onPointerEnter={(e) => {
        if (e.pointerType === 'mouse') show(TOOLTIP_DELAY_MS);
      }}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={(e) => {
        if (e.target.matches(':focus-visible')) show(0);
      }}
      onBlur={hide}
    >
      {cloneElement(children, { 'aria-describedby': open ? id : undefined })}
      {open && (
        <span
          role="tooltip"
          id={id}
          className="pointer-events-none absolute bottom-full left-1/2 z-[90] mb-2 -translate-x-1/2 animate-fade-in whitespace-nowrap rounded-lg bg-fg px-2.5 py-1.5 text-bg text-xs shadow-card"
          data-testid="tooltip"
        >
          {label}
        </span>
      )}
    </span>
  );
}
