import { graphemesOf } from '@shared/rules/profile';

/**
 * Can this browser draw a picture of up to 2 characters (an emoji avatar)? Without a colour-emoji font
 * an emoji is drawn as the missing-glyph box ("tofu") or not at all (issue 20: avatars never depend on
 * such a font). Each character is drawn once on a small canvas and compared with a character no font
 * has; the answer is kept per picture. A character drawn in colour is there; one drawn like the missing
 * glyph is not; any other drawing (a monochrome ∞ or ♪) is there too.
 */
const SIZE = 32;
const NO_GLYPH = '\u{10FFFD}';
const answers = new Map<string, boolean>();
let context: CanvasRenderingContext2D | null | undefined;
let missing: Uint8ClampedArray | null = null;

function canvas(): CanvasRenderingContext2D | null {
  if (context !== undefined) return context;
  try {
    const c = document.createElement('canvas');
    c.width = SIZE;
    c.height = SIZE;
    context = c.getContext('2d', { willReadFrequently: true });
    if (context) {
      const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
      context.font = `${SIZE * 0.75}px ${family}`;
      context.textBaseline = 'middle';
      context.textAlign = 'center';
      context.fillStyle = '#000';
    }
  } catch {
    context = null;
  }
  return context;
}

function draw(ctx: CanvasRenderingContext2D, ch: string): Uint8ClampedArray {
  ctx.clearRect(0, 0, SIZE, SIZE);
  ctx.fillText(ch, SIZE / 2, SIZE / 2);
  return ctx.getImageData(0, 0, SIZE, SIZE).data;
}

const inColour = (d: Uint8ClampedArray) => {
  for (let i = 0; i < d.length; i += 4) {
    if (d[i + 3] > 64 && Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 48) return true;
  }
  return false;
};
const blank = (d: Uint8ClampedArray) => d.every((v, i) => i % 4 !== 3 || v === 0);
const same = (a: Uint8ClampedArray, b: Uint8ClampedArray) => a.length === b.length && a.every((v, i) => v === b[i]);

/** True when every character of `picture` is drawn (in colour, or as a glyph of its own); true when it cannot tell. */
export function drawsPicture(picture: string): boolean {
  const known = answers.get(picture);
  if (known !== undefined) return known;
  if (typeof document === 'undefined') return true;
  const ctx = canvas();
  if (!ctx) return true;
  missing ??= draw(ctx, NO_GLYPH);
  const answer = graphemesOf(picture).every((ch) => {
    const d = draw(ctx, ch);
    return inColour(d) || (!blank(d) && !same(d, missing as Uint8ClampedArray));
  });
  answers.set(picture, answer);
  return answer;
}
