export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/** The mini player as remembered: minimised or not, and where the card was left (its top-left corner). */
export interface MiniPlayerState extends Point {
  minimised: boolean;
}

/** Space kept between the card and the window edge where there is room for it. */
export const MINI_PLAYER_MARGIN_PX = 8;
/** Arrow keys move the card by this much, with Shift four times as far. */
export const MINI_PLAYER_KEY_STEP_PX = 16;

/**
 * Keeps the card fully inside the window (listener spec §2, L-2.4-20): its left and top edges between
 * the margin and the window size minus the card. A window smaller than the card pins it to the top left.
 */
export function clampPosition(p: Point, card: Size, view: Size, margin = MINI_PLAYER_MARGIN_PX): Point {
  const axis = (v: number, size: number, room: number) => {
    const m = room >= size + 2 * margin ? margin : 0;
    const max = Math.max(0, room - size - m);
    const n = Number.isFinite(v) ? v : max;
    return Math.round(Math.min(max, Math.max(m, n)));
  };
  return { x: axis(p.x, card.width, view.width), y: axis(p.y, card.height, view.height) };
}

/** Where a first minimise puts the card: bottom right, above the bottom navigation. */
export function defaultPosition(card: Size, view: Size, bottomInset = 80): Point {
  return clampPosition({ x: view.width - card.width, y: view.height - card.height - bottomInset }, card, view);
}

/** The stored JSON, or a not-minimised state with no position when it is missing or unreadable. */
export function parseMiniPlayer(value: string | null | undefined): MiniPlayerState {
  const none: MiniPlayerState = { minimised: false, x: Number.NaN, y: Number.NaN };
  if (!value) return none;
  try {
    const v: unknown = JSON.parse(value);
    if (!v || typeof v !== 'object') return none;
    const { minimised, x, y } = v as Record<string, unknown>;
    return {
      minimised: minimised === true,
      x: typeof x === 'number' && Number.isFinite(x) ? x : Number.NaN,
      y: typeof y === 'number' && Number.isFinite(y) ? y : Number.NaN,
    };
  } catch {
    return none;
  }
}

/** The arrow key's move, or null for any other key. */
export function keyMove(key: string, shift: boolean): Point | null {
  const step = shift ? MINI_PLAYER_KEY_STEP_PX * 4 : MINI_PLAYER_KEY_STEP_PX;
  const moves: Record<string, Point> = {
    ArrowLeft: { x: -step, y: 0 },
    ArrowRight: { x: step, y: 0 },
    ArrowUp: { x: 0, y: -step },
    ArrowDown: { x: 0, y: step },
  };
  return moves[key] ?? null;
}
