import type { CheckUserIdAnswerSchema } from '@shared/schemas/auth';
import { type Answer, api } from '@web/lib/api';
import type { z } from 'zod';

export type CheckUserIdAnswer = z.infer<typeof CheckUserIdAnswerSchema>;

/** GET /api/auth/check-user-id/{id}: whether the ID is free (the member's own ID counts as free). */
export const checkUserId = (id: string, signal?: AbortSignal): Promise<CheckUserIdAnswer> =>
  api<Answer<typeof CheckUserIdAnswerSchema>>(`/api/auth/check-user-id/${encodeURIComponent(id)}`, { signal });
