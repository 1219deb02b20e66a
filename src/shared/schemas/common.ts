import { z } from 'zod';
import { INT32_MAX } from '../constants';

export const ErrorSchema = z.object({ message: z.string() }).describe('Error');
export type ApiError = z.infer<typeof ErrorSchema>;

export { INT32_MAX };

/**
 * A database id: a positive 32-bit integer (coerced, so it reads path and query text too). Where an id
 * is read without zod (the browser's routes, storage keys), `intIdFrom` in rules/ids.ts checks the same.
 */
export const IntId = z.coerce.number().int().positive().max(INT32_MAX);

/** A positive integer id in a path, e.g. /api/tracks/{id}. */
export const IdParamSchema = z.object({ id: IntId });

/** `{ success: true }`, the answer of calls that only confirm. */
export const SuccessSchema = z.object({ success: z.literal(true) });

/**
 * A trimmed string checked by one of the shared rules' plain functions (src/shared/rules), so the
 * browser checks with the same function and the same message without loading zod.
 */
export const checkedString = (problem: (value: string) => string | null, missing?: string) =>
  z
    // `missing`: the message when the field is absent or not text (e.g. the rule's "required" message)
    .string(missing ? { error: missing } : undefined)
    .trim()
    .superRefine((value, ctx) => {
      const message = problem(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
