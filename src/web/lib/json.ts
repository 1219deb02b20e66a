import type { z } from 'zod';

/** A check of a parsed value: the value as its type, or null when it is not that shape. */
export type Reader<T> = (value: unknown) => T | null;

/** Is this a plain JSON object (not null, not an array)? */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A reader of any JSON object, for answers read field by field. */
export const asRecord: Reader<Record<string, unknown>> = (value) => (isRecord(value) ? value : null);

/**
 * JSON text read through a check (issue 38.4): the value, or null when the text is not JSON or not the
 * shape the check wants. Never throws, so stored or foreign data falls back as a missing value does.
 */
export function readJson<T>(text: string | null | undefined, read: Reader<T>): T | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return read(value);
}

/**
 * A zod schema as a reader, for lazy routes only: the type is imported, never zod itself, but the
 * schema passed in brings zod with it (the home route's first download stays without it).
 */
export const bySchema =
  <S extends z.ZodType>(schema: S): Reader<z.output<S>> =>
  (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  };
