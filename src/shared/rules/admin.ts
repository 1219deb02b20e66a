/** Rules of the operators' console shared by the server and the browser (creator-operator spec §9). */

/** At most 5 page buttons, the current one centred where it can be (spec §2.4, §9). */
export function pageButtons(page: number, pages: number, max = 5): number[] {
  const count = Math.min(max, Math.max(pages, 1));
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, Math.max(1, pages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** A file size in MB with one decimal (spec §9). */
export const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** An id shown to 8 characters (user and session ids, spec §9). */
export const shortId = (id: string | number) => String(id).slice(0, 8);
