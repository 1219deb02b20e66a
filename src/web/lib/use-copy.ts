import { SHELL_TEXT } from '@shared/messages/shell';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from './toast';

/** How long the tick stays after a copy (listener spec §9: copied-check 2000 ms). */
export const COPIED_TICK_MS = 2000;

/** The copied tick: `flash()` shows it for 2 s (again from the start on every copy). */
export function useCopiedTick() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flash = useCallback(() => {
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_TICK_MS);
  }, []);
  return { copied, flash };
}

/**
 * Copies a URL: 'URLをコピーしました' and a tick for 2 s; a failure is only logged (listener spec §8).
 */
export function useCopyUrl() {
  const { copied, flash } = useCopiedTick();
  const copy = useCallback(
    async (url: string) => {
      try {
        await navigator.clipboard.writeText(url);
        flash();
        toast({ title: SHELL_TEXT.useCopyUrl.title, description: url });
      } catch (e) {
        console.error('[copy] could not copy the URL', e);
      }
    },
    [flash],
  );
  return { copied, copy };
}
