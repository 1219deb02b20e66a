import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** POST /api/tracks/{id}/reading-reports: a member reports a misread transcript line (0-based). */
export function useReportMisreading(trackId: number) {
  return useMutation({
    mutationFn: (body: { line: number; note?: string }) =>
      api<{ id: number; trackId: number; line: number }>(`/api/tracks/${trackId}/reading-reports`, { method: 'POST', body }),
  });
}
