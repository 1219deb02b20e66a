import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from './toast';

/** How long the tick stays after a copy (listener spec §9: copied-check 2000 ms). */
export const COPIED_TICK_MS = 2000;

/**
 * Copies a URL: 'URLをコピーしました' and a tick for 2 s; a failure is only logged (listener spec §8).
 */
export function useCopyUrl() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: 'URLをコピーしました', description: url });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_TICK_MS);
    } catch (e) {
      console.error('[copy] could not copy the URL', e);
    }
  }, []);
  return { copied, copy };
}
