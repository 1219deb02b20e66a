import { z } from 'zod';
import { CLAIM_STATUSES, type Claim } from '../../../../shared/schemas/creation';

/**
 * A model's claims checked against the script it was given (issue 25.2): every claim must be on a line
 * of the script (the 0-based index in the script split on `\n`) and say what that line says. A claim
 * whose line is wrong is moved to the line that says it; one no line says is dropped. A claim called
 * verified with no source is `needs_source`: nothing shows it was checked.
 */

/** A claim as a model answers it: the line may be missing or wrong, the sources loose. */
export const ModelClaim = z.object({
  text: z.string().trim().min(1).max(500),
  line: z.number().int().min(0).optional().catch(undefined),
  status: z.enum(CLAIM_STATUSES).catch('needs_source'),
});
/**
 * A model's claim, with the sources grounding gave it. Links a model writes itself are not read: only a
 * grounded search's pages are sources (an ungrounded model's links may be invented).
 */
export type ModelClaim = z.infer<typeof ModelClaim> & { sources?: Claim['sources'] };

/** The claims of a model's answer, each checked on its own: a malformed one is dropped, not the whole answer. */
export const ModelClaims = z
  .array(z.unknown())
  .max(200)
  .catch([])
  .transform((items) =>
    items.flatMap((item) => {
      const parsed = ModelClaim.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  );

const LABEL = /^\s*[^\s：:]{1,10}[：:]\s*/;
/** Text compared without the speaker's label, spaces, punctuation or width differences. */
export const folded = (s: string) =>
  s
    .normalize('NFKC')
    .replace(LABEL, '')
    .replace(/[\s、。，．,.!！?？「」『』（）()・…"'“”]/g, '');

function bigrams(s: string): Set<string> {
  const chars = [...s];
  const out = new Set<string>();
  for (let i = 0; i < chars.length - 1; i++) out.add(chars[i] + chars[i + 1]);
  return out;
}

/** How much of `claim` the line says: 1 when the line contains it, else the share of its bigrams in the line. */
export function coverage(claim: string, line: string): number {
  const c = folded(claim);
  const l = folded(line);
  if (!c || !l) return 0;
  if (l.includes(c)) return 1;
  const cb = bigrams(c);
  if (cb.size === 0) return 0;
  const lb = bigrams(l);
  let hit = 0;
  for (const g of cb) if (lb.has(g)) hit++;
  return hit / cb.size;
}

/** The script line that says `text`: the given line when it does, else the line that says most of it (at least half). */
export function lineOf(lines: readonly string[], text: string, hint?: number): number | null {
  if (hint !== undefined && hint < lines.length && coverage(text, lines[hint]) >= 0.6) return hint;
  let best: number | null = null;
  let bestScore = 0.5;
  for (const [i, line] of lines.entries()) {
    const score = coverage(text, line);
    if (score > bestScore || (score === bestScore && best !== null && hint !== undefined && Math.abs(i - hint) < Math.abs(best - hint))) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}

/** A source as shown: the site's domain as its title (Google's redirect links carry the domain as the title), the link kept. */
export function sourceOf(source: { title?: string; url: string; domain?: string }): Claim['sources'][number] | null {
  let url: URL;
  try {
    url = new URL(source.url);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const title = source.title?.trim() ?? '';
  const looksLikeDomain = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(title);
  const redirect = /(^|\.)vertexaisearch\.cloud\.google\.com$/.test(url.hostname);
  const domain = source.domain?.trim() || (looksLikeDomain ? title : redirect ? '' : url.hostname.replace(/^www\./, ''));
  return { title: (domain || title || url.hostname).toLowerCase().slice(0, 300), url: url.toString().slice(0, 2000) };
}

const MAX_SOURCES = 10;

/**
 * The claims a script keeps: the model's, placed on their lines, with clean sources; then any claim the
 * offline detector found on a line the model left unmarked, as `needs_source` (a line that states a
 * number or cites a survey is never left without its mark). Ordered by line.
 */
export function settleClaims(script: string, model: readonly ModelClaim[], detected: readonly Claim[] = []): Claim[] {
  const lines = script.split('\n');
  const out: Claim[] = [];
  const seen = new Set<string>();
  for (const claim of model) {
    const line = lineOf(lines, claim.text, claim.line);
    if (line === null) continue;
    const key = `${line}:${folded(claim.text)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const sources = dedupeSources(claim.sources ?? []);
    const status = claim.status === 'verified' && sources.length === 0 ? 'needs_source' : claim.status;
    out.push({ text: claim.text, line, status, sources });
  }
  const covered = new Set(out.map((c) => c.line));
  for (const claim of detected) if (!covered.has(claim.line)) out.push({ ...claim, status: 'needs_source', sources: [] });
  return out.sort((a, b) => a.line - b.line).slice(0, 100);
}

export function dedupeSources(sources: readonly Claim['sources'][number][]): Claim['sources'] {
  const byUrl = new Map<string, Claim['sources'][number]>();
  for (const s of sources) if (!byUrl.has(s.url)) byUrl.set(s.url, s);
  return [...byUrl.values()].slice(0, MAX_SOURCES);
}
