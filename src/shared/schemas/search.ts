import { z } from 'zod';
import { TrackSchema } from './track';

export const SearchQuerySchema = z.object({
  q: z.string().max(200, '検索語は200文字以内で入力してください').default(''),
  category: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const SearchAnswerSchema = z.object({
  tracks: z.array(TrackSchema),
  total: z.number().int(),
  totalCapped: z.boolean().optional().describe('true when the server stopped counting at the cap: there are at least `total` matches'),
});

/** NFKC (full-width Latin and digits, half-width kana), collapsed spaces, at most 10 terms. */
export function searchTerms(q: string): string[] {
  return (
    q
      .normalize('NFKC')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters become spaces
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .split(/\s+/)
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, 10)
  );
}
