import type { GenerateContentResponse, GroundingMetadata } from '@google/genai';
import type { Claim } from '../../../../shared/schemas/creation';
import { dedupeSources, lineOf, type ModelClaim, ModelClaims, settleClaims, sourceOf } from './settle';

/**
 * Gemini's grounding mapped onto the script's lines (issue 25.2, decision 0028).
 *
 * A grounded answer carries `groundingMetadata`: `groundingChunks` (the pages Google Search read: a
 * `vertexaisearch.cloud.google.com/grounding-api-redirect/…` link and a title that is usually the domain)
 * and `groundingSupports`, each a segment of the answer's text (UTF-8 byte offsets into one part, and
 * the segment's text) with the chunks that support it. Each segment is placed on the claim of the answer
 * whose text it falls in; a segment outside every claim is placed on the script line that says it. The
 * chunks it cites become that claim's sources (the domain shown, the link kept).
 */

/** The text of the answer's parts and where each part starts in it (in UTF-16 code units, as JavaScript counts). */
function partsOf(res: GenerateContentResponse): { text: string; starts: number[]; parts: string[] } {
  const parts = (res.candidates?.[0]?.content?.parts ?? []).map((p) => (typeof p.text === 'string' && !p.thought ? p.text : ''));
  const starts: number[] = [];
  let at = 0;
  for (const p of parts) {
    starts.push(at);
    at += p.length;
  }
  return { text: parts.join(''), starts, parts };
}

/** A segment's place in the answer's text [start, end), from its byte offsets into its part. */
export function segmentSpan(
  answer: { text: string; starts: number[]; parts: string[] },
  segment: { partIndex?: number; startIndex?: number; endIndex?: number; text?: string },
): [number, number] | null {
  const part = segment.partIndex ?? 0;
  const partText = answer.parts[part];
  if (partText !== undefined && segment.endIndex !== undefined) {
    const bytes = Buffer.from(partText, 'utf8');
    const start = bytes.subarray(0, segment.startIndex ?? 0).toString('utf8').length;
    const end = bytes.subarray(0, segment.endIndex).toString('utf8').length;
    if (end > start) return [answer.starts[part] + start, answer.starts[part] + end];
  }
  if (segment.text) {
    const at = answer.text.indexOf(segment.text);
    if (at >= 0) return [at, at + segment.text.length];
  }
  return null;
}

/** Where each claim's text stands in the answer (the JSON string holding it), in order. */
function claimSpans(text: string, claims: readonly ModelClaim[]): ([number, number] | null)[] {
  let from = 0;
  return claims.map((c) => {
    for (const needle of [JSON.stringify(c.text).slice(1, -1), c.text]) {
      const at = text.indexOf(needle, from);
      if (at >= 0) {
        from = at + needle.length;
        return [at, at + needle.length] as [number, number];
      }
    }
    return null;
  });
}

const overlaps = (a: [number, number], b: [number, number]) => a[0] < b[1] && b[0] < a[1];

/** The sources of a grounding chunk list, by index (web pages only). */
function chunkSources(meta: GroundingMetadata | undefined): (Claim['sources'][number] | null)[] {
  return (meta?.groundingChunks ?? []).map((c) =>
    c.web?.uri ? sourceOf({ url: c.web.uri, title: c.web.title, domain: c.web.domain }) : null,
  );
}

/**
 * The model's claims with the sources grounding gave them, plus a claim for each grounded segment that
 * falls outside them but on a script line. Line placement and status rules follow in settleClaims.
 */
export function groundClaims(script: string, res: GenerateContentResponse, claims: readonly ModelClaim[]): ModelClaim[] {
  const meta = res.candidates?.[0]?.groundingMetadata;
  const answer = partsOf(res);
  const spans = claimSpans(answer.text, claims);
  const sources = chunkSources(meta);
  const out: (ModelClaim & { sources: Claim['sources'] })[] = claims.map((c) => ({ ...c, sources: [] }));
  const lines = script.split('\n');
  for (const support of meta?.groundingSupports ?? []) {
    const cited = (support.groundingChunkIndices ?? []).flatMap((i) => sources[i] ?? []);
    if (cited.length === 0 || !support.segment) continue;
    const span = segmentSpan(answer, support.segment);
    const owner = span ? spans.findIndex((s) => s !== null && overlaps(s, span)) : -1;
    if (owner >= 0) {
      out[owner].sources = dedupeSources([...out[owner].sources, ...cited]);
      continue;
    }
    const said = support.segment.text ?? (span ? answer.text.slice(span[0], span[1]) : '');
    const line = said ? lineOf(lines, said) : null;
    if (line === null) continue;
    const onLine = out.find((c) => lineOf(lines, c.text, c.line) === line);
    if (onLine) onLine.sources = dedupeSources([...onLine.sources, ...cited]);
    else out.push({ text: said.trim(), line, status: 'verified', sources: cited });
  }
  return out;
}

/** The pages the grounded check read, for the check's `sources` (domain as the title). */
export function groundingSources(res: GenerateContentResponse): { uri: string; title: string }[] {
  return chunkSources(res.candidates?.[0]?.groundingMetadata)
    .flatMap((s) => (s ? [{ uri: s.url, title: s.title }] : []))
    .slice(0, 20);
}

/** Google's Search Suggestions (HTML and CSS) that must be shown with a grounded answer, when given. */
export function searchEntryPointOf(res: GenerateContentResponse): string | undefined {
  const html = res.candidates?.[0]?.groundingMetadata?.searchEntryPoint?.renderedContent;
  return typeof html === 'string' && html.trim() && html.length <= 50_000 ? html : undefined;
}

/**
 * What a grounded fact check adds to the spec's fields: the claims (the model's, placed on their lines,
 * with the grounding's pages as sources, and the feature's detected claims, `detected`, on lines the model left unmarked), the pages
 * read, and the Search Suggestions to show with it.
 */
export function groundedClaims(
  script: string,
  res: GenerateContentResponse,
  answer: unknown,
  detected: readonly Claim[],
): { claims: Claim[]; sources?: { uri: string; title: string }[]; searchEntryPoint?: string } {
  const asked = answer && typeof answer === 'object' ? (answer as { claims?: unknown }).claims : undefined;
  const claims = settleClaims(script, groundClaims(script, res, ModelClaims.parse(asked ?? [])), detected);
  const sources = groundingSources(res);
  const searchEntryPoint = searchEntryPointOf(res);
  return { claims, ...(sources.length ? { sources } : {}), ...(searchEntryPoint ? { searchEntryPoint } : {}) };
}
