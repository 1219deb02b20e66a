import { z } from 'zod';

export const ErrorSchema = z.object({ message: z.string() }).describe('Error');
export type ApiError = z.infer<typeof ErrorSchema>;

/** A positive integer id in a path, e.g. /api/tracks/{id}. */
export const IdParamSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * A trimmed string checked by one of the shared rules' plain functions (src/shared/rules), so the
 * browser checks with the same function and the same message without loading zod.
 */
export const checkedString = (problem: (value: string) => string | null) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const message = problem(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
