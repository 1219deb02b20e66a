import { PULL_THRESHOLD_PX, pullDistance, pullTriggersRefresh } from '@shared/rules/pull-to-refresh';
import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Pull-to-refresh on a touch screen (listener spec §9): at the top of the page a finger pulling down
 * moves the content 0.3 of its distance, at most 80 px; letting go past 40 px refreshes.
 */
export function usePullToRefresh(ref: RefObject<HTMLElement | null>, onRefresh: () => Promise<unknown>) {
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const refreshRef = useRef(onRefresh);
  refreshRef.current = onRefresh;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let startY: number | null = null;
    let current = 0;
    let busy = false;

    const onStart = (e: TouchEvent) => {
      startY = !busy && window.scrollY <= 0 && e.touches.length === 1 ? e.touches[0].clientY : null;
    };
    const onMove = (e: TouchEvent) => {
      if (startY === null) return;
      const d = pullDistance(e.touches[0].clientY - startY);
      if (d > 0 && e.cancelable) e.preventDefault(); // the page itself must not scroll or bounce
      current = d;
      setDistance(d);
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      if (!pullTriggersRefresh(current)) {
        current = 0;
        setDistance(0);
        return;
      }
      busy = true;
      setRefreshing(true);
      setDistance(PULL_THRESHOLD_PX);
      void refreshRef.current().finally(() => {
        busy = false;
        current = 0;
        setRefreshing(false);
        setDistance(0);
      });
    };

    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, [ref]);

  return { distance, refreshing, ready: pullTriggersRefresh(distance) };
}
