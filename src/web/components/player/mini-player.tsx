import { MINI_PLAYER_WIDTH_PX } from '@shared/constants';
import { SHELL_TEXT } from '@shared/messages/shell';
import { clampPosition, defaultPosition, keyMove, type Point } from '@shared/rules/mini-player';
import { usePlayer, usePlayerState } from '@web/lib/audio/player-context';
import { Maximize2 } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { IconButton } from '../ui/icon-button';
import { MarqueeTitle } from '../ui/marquee-title';
import { getMiniPlayer, setMinimised, setMiniPosition, takeFocusRequest } from './mini-player-store';
import { PlayButton } from './play-button';

/** A press that moves less than this is a tap on a button, not a drag. */
const DRAG_THRESHOLD_PX = 4;

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  origin: Point;
  moving: boolean;
}

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });
const cardSize = (el: HTMLElement | null) => {
  const r = el?.getBoundingClientRect();
  return { width: r?.width || MINI_PLAYER_WIDTH_PX, height: r?.height || 84 };
};

/**
 * The minimised player (listener spec §2, L-2.4-19..22): a 120 px card with the title, play/pause and
 * maximise, dragged with a mouse or a finger (Pointer Events), kept fully inside the window, also when the
 * window shrinks, and left where it was dropped. Focused, the arrow keys move it and Enter maximises.
 */
export function MiniPlayer() {
  const player = usePlayer();
  const s = usePlayerState();
  const card = useRef<HTMLElement>(null);
  const drag = useRef<Drag | null>(null);
  const dragged = useRef(false);
  const wantsFocus = useRef(false);
  const [pos, setPos] = useState<Point | null>(null);

  const place = useCallback((p: Point, persist: boolean) => {
    const next = clampPosition(p, cardSize(card.current), viewport());
    setPos(next);
    if (persist) setMiniPosition(next);
  }, []);

  // First placement: where it was left, else bottom right; then the focus if the listener minimised.
  useLayoutEffect(() => {
    const stored = getMiniPlayer();
    const start = Number.isFinite(stored.x) && Number.isFinite(stored.y) ? stored : defaultPosition(cardSize(card.current), viewport());
    place(start, true);
    wantsFocus.current = takeFocusRequest();
  }, [place]);

  // Focus once it is placed and visible (a hidden element cannot take the focus).
  useEffect(() => {
    if (pos && wantsFocus.current) {
      wantsFocus.current = false;
      card.current?.focus();
    }
  }, [pos]);

  // A smaller window (or a rotated phone) pulls the card back inside.
  useEffect(() => {
    const onResize = () => {
      const { x, y } = getMiniPlayer();
      place({ x, y }, true);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [place]);

  if (!s.track) return null;

  // The move and the release are followed on the window: a mouse leaves the card at once when the
  // drag begins at its edge, and the card is captured only once it is a drag, so a tap still reaches
  // the button under the finger.
  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if ((e.pointerType === 'mouse' && e.button !== 0) || !pos || drag.current) return;
    dragged.current = false;
    const d: Drag = { pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, origin: pos, moving: false };
    drag.current = d;
    const to = (ev: globalThis.PointerEvent) => ({ x: d.origin.x + ev.clientX - d.startX, y: d.origin.y + ev.clientY - d.startY });
    const onMove = (ev: globalThis.PointerEvent) => {
      if (ev.pointerId !== d.pointerId) return;
      if (!d.moving) {
        if (Math.hypot(ev.clientX - d.startX, ev.clientY - d.startY) < DRAG_THRESHOLD_PX) return;
        d.moving = true;
        try {
          card.current?.setPointerCapture(d.pointerId);
        } catch {
          // The pointer is already gone; the window listeners still end the drag.
        }
      }
      ev.preventDefault();
      place(to(ev), false);
    };
    const onEnd = (ev: globalThis.PointerEvent) => {
      if (ev.pointerId !== d.pointerId) return;
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onEnd);
      window.removeEventListener('pointercancel', onEnd);
      drag.current = null;
      if (!d.moving) return;
      dragged.current = true;
      if (card.current?.hasPointerCapture(d.pointerId)) card.current.releasePointerCapture(d.pointerId);
      place(to(ev), true);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onEnd);
    window.addEventListener('pointercancel', onEnd);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget || !pos) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      setMinimised(false);
      return;
    }
    const move = keyMove(e.key, e.shiftKey);
    if (!move) return;
    e.preventDefault();
    place({ x: pos.x + move.x, y: pos.y + move.y }, true);
  };

  return createPortal(
    <section
      ref={card}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so that the arrow keys can move it
      tabIndex={0}
      aria-label={SHELL_TEXT.miniPlayer.miniPlayerLabel(s.track.title)}
      data-testid="mini-player"
      onPointerDown={onPointerDown}
      onClickCapture={(e) => {
        // The click that ends a drag is not a press of the button it ended on.
        if (dragged.current) {
          dragged.current = false;
          e.preventDefault();
          e.stopPropagation();
        }
      }}
      onKeyDown={onKeyDown}
      style={{ width: MINI_PLAYER_WIDTH_PX, left: pos?.x ?? 0, top: pos?.y ?? 0, visibility: pos ? 'visible' : 'hidden' }}
      className="fixed z-[45] flex cursor-grab touch-none select-none flex-col gap-1 rounded-2xl border border-border bg-bg/95 p-2 shadow-card backdrop-blur outline-none focus-visible:ring-2 focus-visible:ring-accent active:cursor-grabbing"
    >
      <MarqueeTitle as="p" text={s.track.title} className="px-1 font-medium text-xs leading-snug [&>span:only-child]:truncate" />
      <div className="flex items-center justify-between">
        <PlayButton size="bar" isPlaying={s.isPlaying} isReady={s.isReady} isLoading={!s.error} onClick={() => player.toggle()} />
        <IconButton
          icon={Maximize2}
          tone="fg"
          label={SHELL_TEXT.miniPlayer.miniPlayerMaximiseLabel}
          onClick={() => setMinimised(false)}
          data-testid="mini-player-maximise"
        />
      </div>
    </section>,
    document.body,
  );
}
