import { MINI_PLAYER_MARGIN_PX } from '@shared/rules/mini-player';
import { usePlayerValue } from '@web/lib/audio/player-context';
import { type RefObject, useLayoutEffect, useState } from 'react';
import { useMiniPlayer } from './mini-player-store';

/**
 * Room at the end of the page while the minimised player floats in the lower half of the window: as high
 * as the card reaches above the bottom bars, so that scrolled to the end, the last row (and its buttons)
 * sits above the card instead of under it. `stack` is the sticky bottom stack (the bottom navigation).
 * Added at the end of the page, it moves nothing that is on screen.
 */
export function MiniPlayerSpacer({ active, stack }: { active: boolean; stack: RefObject<HTMLElement | null> }) {
  const { minimised, y } = useMiniPlayer();
  const hasTrack = usePlayerValue((s) => s.track !== null);
  const shown = active && minimised && hasTrack && Number.isFinite(y);
  const [height, setHeight] = useState(0);

  useLayoutEffect(() => {
    if (!shown) {
      setHeight(0);
      return;
    }
    const measure = () => {
      const view = window.innerHeight;
      const below = stack.current?.offsetHeight ?? 0;
      setHeight(y < view / 2 ? 0 : Math.max(0, Math.ceil(view - below - y + MINI_PLAYER_MARGIN_PX)));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = new ResizeObserver(measure);
    if (stack.current) observer.observe(stack.current);
    return () => {
      window.removeEventListener('resize', measure);
      observer.disconnect();
    };
  }, [shown, y, stack]);

  return height > 0 ? <div aria-hidden="true" className="shrink-0" style={{ height }} data-testid="mini-player-room" /> : null;
}
