import { z } from 'zod';
import { INT32_MAX } from '../constants';
import { controlCharacterProblem, type TextLines } from '../rules/text';

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
 * Text a person writes (#36.8): every string field of every body is one, so none holds a control
 * character (rules/text.ts). `multi` text (a message, a script) keeps tab and line feed, its CR LF and
 * CR read as line feeds; `single` text (a name, a title) refuses those too. Trimmed first, unless the
 * text is taken as sent (`trim: false`: a password, a secret, an address).
 */
export const writtenText = (lines: TextLines = 'single', { missing, trim = true }: { missing?: string; trim?: boolean } = {}) => {
  // `missing`: the message when the field is absent or not text (e.g. the rule's "required" message)
  const text = z
    .string(missing ? { error: missing } : undefined)
    .overwrite((value) => (lines === 'multi' ? value.replace(/\r\n?/g, '\n') : value));
  return (trim ? text.trim() : text).superRefine((value, ctx) => {
    const message = controlCharacterProblem(value, lines);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
};

/**
 * Written text, trimmed, checked by one of the shared rules' plain functions (src/shared/rules), so
 * the browser checks with the same function and the same message without loading zod.
 */
export const checkedString = (problem: (value: string) => string | null, missing?: string, lines: TextLines = 'single') =>
  writtenText(lines, { missing }).superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
