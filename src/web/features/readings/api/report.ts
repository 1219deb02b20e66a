import type { ReadingReportAnswerSchema } from '@shared/schemas/readings';
import { useMutation } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';

/** POST /api/tracks/{id}/reading-reports: a member reports a misread transcript line (0-based); the answer carries the line and its reading. */
export function useReportMisreading(trackId: number) {
  return useMutation({
    mutationFn: (body: { line: number; note?: string }) =>
      api<Answer<typeof ReadingReportAnswerSchema>>(`/api/tracks/${trackId}/reading-reports`, { method: 'POST', body }),
  });
}
