import type { AnswerSchema } from '@shared/schemas/questions';
import { useMutation } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';

export type HostsAnswer = Answer<typeof AnswerSchema>['answer'];

/** POST /api/tracks/{id}/questions: the hosts' answer (its lines, its audio's address, covered, basedOn). */
export const askHosts = async (trackId: number, question: string) =>
  (await api<Answer<typeof AnswerSchema>>(`/api/tracks/${trackId}/questions`, { method: 'POST', body: { question } })).answer;

/** Asks the hosts; nothing is cached (every question is answered anew). */
export function useAskHosts() {
  return useMutation({ mutationFn: ({ trackId, question }: { trackId: number; question: string }) => askHosts(trackId, question) });
}
