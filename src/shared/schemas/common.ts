import { z } from 'zod';

export const ErrorSchema = z.object({ message: z.string() }).describe('Error');
export type ApiError = z.infer<typeof ErrorSchema>;

/** A positive integer id in a path, e.g. /api/tracks/{id}. */
export const IdParamSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
