import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampPosition, defaultPosition, keyMove, MINI_PLAYER_MARGIN_PX, parseMiniPlayer } from './mini-player';

const card = { width: 120, height: 84 };
const phone = { width: 390, height: 844 };

describe('clampPosition (L-2.4-20)', () => {
  it('leaves a position inside the window alone', () => {
    expect(clampPosition({ x: 100, y: 300 }, card, phone)).toEqual({ x: 100, y: 300 });
  });

  it('pulls a card past any edge back inside, with the margin', () => {
    expect(clampPosition({ x: -500, y: -40 }, card, phone)).toEqual({ x: MINI_PLAYER_MARGIN_PX, y: MINI_PLAYER_MARGIN_PX });
    expect(clampPosition({ x: 5000, y: 9000 }, card, phone)).toEqual({ x: 390 - 120 - 8, y: 844 - 84 - 8 });
  });

  it('pins the card to the top left of a window smaller than itself', () => {
    expect(clampPosition({ x: 50, y: 50 }, card, { width: 100, height: 60 })).toEqual({ x: 0, y: 0 });
  });

  it('keeps the card fully inside for any position and window at least its size', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.integer({ min: 120, max: 4000 }),
        fc.integer({ min: 84, max: 4000 }),
        (x, y, width, height) => {
          const p = clampPosition({ x, y }, card, { width, height });
          expect(p.x).toBeGreaterThanOrEqual(0);
          expect(p.y).toBeGreaterThanOrEqual(0);
          expect(p.x + card.width).toBeLessThanOrEqual(width);
          expect(p.y + card.height).toBeLessThanOrEqual(height);
        },
      ),
    );
  });

  it('places an unknown position at the bottom right', () => {
    expect(clampPosition({ x: Number.NaN, y: Number.NaN }, card, phone)).toEqual({ x: 262, y: 752 });
  });
});

describe('mini player state', () => {
  it('starts bottom right above the navigation', () => {
    expect(defaultPosition(card, phone)).toEqual({ x: 262, y: 844 - 84 - 80 });
  });

  it('reads the stored state and survives bad values', () => {
    expect(parseMiniPlayer('{"minimised":true,"x":10,"y":20}')).toEqual({ minimised: true, x: 10, y: 20 });
    expect(parseMiniPlayer('{"minimised":"yes","x":"a"}')).toMatchObject({ minimised: false });
    expect(Number.isNaN(parseMiniPlayer('not json').x)).toBe(true);
    expect(parseMiniPlayer(null).minimised).toBe(false);
  });

  it('moves by arrow keys, further with Shift', () => {
    expect(keyMove('ArrowLeft', false)).toEqual({ x: -16, y: 0 });
    expect(keyMove('ArrowDown', true)).toEqual({ x: 0, y: 64 });
    expect(keyMove('Enter', false)).toBeNull();
  });
});
