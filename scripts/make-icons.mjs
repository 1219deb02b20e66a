// Draws the app icons (an ∞ — a lemniscate of Bernoulli — in white on the indigo brand colour) and writes
// them as PNG files into public/icons. Node built-ins only: the PNG is encoded with zlib by hand.
// Run: node scripts/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const out = path.resolve(import.meta.dirname, '../public/icons');
const TOP = [0x2f, 0x55, 0x8c]; // gradient from #2f558c …
const BOTTOM = [0x1d, 0x35, 0x5e]; // … to #1d355e (the brand indigo, 藍)
const INK = [0xff, 0xff, 0xff];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Points along the lemniscate, scaled so that its width is `width` px, centred at (cx, cy). */
function lemniscate(cx, cy, width, steps = 900) {
  const a = width / 2;
  const pts = [];
  for (let i = 0; i <= steps; i++) {
    const t = (i / steps) * Math.PI * 2;
    const s = Math.sin(t);
    const d = 1 + s * s;
    pts.push([cx + (a * Math.cos(t)) / d, cy + (a * Math.sin(t) * Math.cos(t)) / d]);
  }
  return pts;
}
function distToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  const x = ax + t * dx - px;
  const y = ay + t * dy - py;
  return Math.sqrt(x * x + y * y);
}

/**
 * `glyph` is the lemniscate's width relative to the icon; `radius` the corner radius (0 = full bleed,
 * as maskable and Apple icons need).
 */
function draw(size, { glyph, radius }) {
  const rgba = Buffer.alloc(size * size * 4);
  const pts = lemniscate(size / 2, size / 2, size * glyph);
  const half = size * glyph * 0.075;
  const r = size * radius;
  const minY = size / 2 - size * glyph * 0.2 - half - 2;
  const maxY = size / 2 + size * glyph * 0.2 + half + 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      // Rounded-square coverage (anti-aliased at the corners).
      let cover = 1;
      if (r > 0) {
        const qx = Math.max(r - px, px - (size - r), 0);
        const qy = Math.max(r - py, py - (size - r), 0);
        cover = Math.max(0, Math.min(1, r - Math.sqrt(qx * qx + qy * qy) + 0.5));
      }
      const k = y / (size - 1);
      let c = TOP.map((v, i) => v + (BOTTOM[i] - v) * k);
      if (py >= minY && py <= maxY) {
        let d = Number.POSITIVE_INFINITY;
        for (let i = 1; i < pts.length && d > 0; i++) d = Math.min(d, distToSegment(px, py, pts[i - 1], pts[i]));
        const ink = Math.max(0, Math.min(1, half - d + 0.5));
        c = c.map((v, i) => v + (INK[i] - v) * ink);
      }
      const o = (y * size + x) * 4;
      rgba[o] = Math.round(c[0]);
      rgba[o + 1] = Math.round(c[1]);
      rgba[o + 2] = Math.round(c[2]);
      rgba[o + 3] = Math.round(cover * 255);
    }
  }
  return png(size, rgba);
}

fs.mkdirSync(out, { recursive: true });
const icons = [
  ['icon-192.png', 192, { glyph: 0.66, radius: 0.22 }],
  ['icon-512.png', 512, { glyph: 0.66, radius: 0.22 }],
  // Maskable: full bleed, the glyph inside the central 80 % safe zone.
  ['icon-maskable-512.png', 512, { glyph: 0.5, radius: 0 }],
  ['apple-touch-icon.png', 180, { glyph: 0.62, radius: 0 }],
  // Podcast artwork of the RSS feeds: Apple Podcasts asks for a square 1400 to 3000 px image, full bleed.
  ['podcast-1400.png', 1400, { glyph: 0.62, radius: 0 }],
  ['favicon-32.png', 32, { glyph: 0.78, radius: 0.2 }],
];
for (const [name, size, opts] of icons) {
  fs.writeFileSync(path.join(out, name), draw(size, opts));
  console.log(`wrote public/icons/${name}`);
}
