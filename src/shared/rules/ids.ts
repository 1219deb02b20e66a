import { INT32_MAX } from '../constants';

/**
 * A database id written as text (a path segment, a storage key's tail): the number when it is a
 * positive 32-bit integer, as `IntId` (schemas/common.ts) accepts it, else null. Zod-free, for the browser.
 */
export function intIdFrom(text: string | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 && n <= INT32_MAX ? n : null;
}
