/**
 * Can this browser draw a picture of up to 2 characters (an emoji avatar)? Without a colour-emoji font
 * an emoji is drawn as the missing-glyph box ("tofu") or not at all (issue 20: avatars never depend on
 * such a font). Each character is drawn once on a small canvas and compared with a character no font
 * has; the answer is kept per picture. A character drawn in colour is there; one drawn like the missing
 * glyph is not; any other drawing (a monochrome ∞ or ♪) is there too.
 */
const answers = new Map<string, boolean>();

/**
 * The test itself, self-contained (it names nothing outside its body), so that a journey runs this very
 * function in the page (`page.evaluate(pictureIsDrawn, '🎧')`) and expects what the page decides, with or
 * without a colour-emoji font (issue 27.7). True when it cannot tell.
 */
export function pictureIsDrawn(picture: string): boolean {
  const SIZE = 32;
  let ctx: CanvasRenderingContext2D | null = null;
  try {
    const c = document.createElement('canvas');
    c.width = SIZE;
    c.height = SIZE;
    ctx = c.getContext('2d', { willReadFrequently: true });
  } catch {
    ctx = null;
  }
  if (!ctx) return true;
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  ctx.font = `${SIZE * 0.75}px ${family}`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  ctx.fillStyle = '#000';
  const draw = (ch: string) => {
    ctx.clearRect(0, 0, SIZE, SIZE);
    ctx.fillText(ch, SIZE / 2, SIZE / 2);
    return ctx.getImageData(0, 0, SIZE, SIZE).data;
  };
  const inColour = (d: Uint8ClampedArray) => {
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] > 64 && Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 48) return true;
    }
    return false;
  };
  const blank = (d: Uint8ClampedArray) => d.every((v, i) => i % 4 !== 3 || v === 0);
  const same = (a: Uint8ClampedArray, b: Uint8ClampedArray) => a.length === b.length && a.every((v, i) => v === b[i]);
  const missing = draw('\u{10FFFD}');
  const graphemes =
    typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function'
      ? [...new Intl.Segmenter('ja', { granularity: 'grapheme' }).segment(picture)].map((s) => s.segment)
      : [...picture];
  return graphemes.every((ch) => {
    const d = draw(ch);
    return inColour(d) || (!blank(d) && !same(d, missing));
  });
}

/** True when every character of `picture` is drawn (in colour, or as a glyph of its own); true when it cannot tell. */
export function drawsPicture(picture: string): boolean {
  const known = answers.get(picture);
  if (known !== undefined) return known;
  if (typeof document === 'undefined') return true;
  const answer = pictureIsDrawn(picture);
  answers.set(picture, answer);
  return answer;
}
