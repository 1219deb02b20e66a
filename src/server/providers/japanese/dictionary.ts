/**
 * The operator's reading dictionary as the voices take it (issue 25.3): plain data (surface → katakana
 * reading) that crosses into the render worker thread. Matching is by the NFKC form, longest surface
 * first, so 無限大 wins over 無限 where both are entries.
 */

export interface ReadingEntry {
  /** As written in scripts (NFKC). */
  surface: string;
  /** Katakana. */
  reading: string;
}

export interface ReadingPart {
  text: string;
  /** Set when the text is a dictionary word: how it is read. */
  reading?: string;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const patterns = new WeakMap<readonly ReadingEntry[], { re: RegExp; bySurface: Map<string, string> } | null>();

function patternOf(entries: readonly ReadingEntry[]) {
  if (patterns.has(entries)) return patterns.get(entries) ?? null;
  const bySurface = new Map<string, string>();
  for (const e of entries) {
    const surface = e.surface.normalize('NFKC');
    if (surface) bySurface.set(surface, e.reading);
  }
  const surfaces = [...bySurface.keys()].sort((a, b) => b.length - a.length || a.localeCompare(b));
  const made = surfaces.length ? { re: new RegExp(surfaces.map(escapeRe).join('|'), 'g'), bySurface } : null;
  patterns.set(entries, made);
  return made;
}

/** The text cut at the dictionary's words (NFKC text expected), in order; no entries: the text whole. */
export function splitByReadings(text: string, entries: readonly ReadingEntry[]): ReadingPart[] {
  const p = patternOf(entries);
  if (!p || !text) return text ? [{ text }] : [];
  const parts: ReadingPart[] = [];
  let at = 0;
  for (const m of text.matchAll(p.re)) {
    const i = m.index ?? 0;
    if (i > at) parts.push({ text: text.slice(at, i) });
    parts.push({ text: m[0], reading: p.bySurface.get(m[0]) });
    at = i + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/**
 * Kana substitution for the voices that read kanji themselves but take no dictionary (Google, OpenAI):
 * each dictionary word is replaced by its katakana reading; the rest of the text is left as it is.
 */
export function substituteReadings(text: string, entries: readonly ReadingEntry[]): string {
  if (!entries.length) return text;
  return splitByReadings(text.normalize('NFKC'), entries)
    .map((p) => p.reading ?? p.text)
    .join('');
}
