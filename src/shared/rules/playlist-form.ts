import { CREATE_PAGE_CATEGORIES } from '../categories';
import { PLAYLIST_LIMIT_FREE, PLAYLIST_LIMIT_PREMIUM } from '../constants';

/** Playlist forms and pages in the browser (listener spec §2 Playlist pages, §5, §9). */

/** Suggestions: up to 5 from the database and 3 from the built-in list; the search asks for 10. */
export const CATEGORY_SUGGESTIONS_FROM_DB = 5;
export const CATEGORY_SUGGESTIONS_BUILT_IN = 3;
export const CATEGORY_SEARCH_LIMIT = 10;
const MAX_CATEGORIES = 10;
const MAX_CATEGORY_LENGTH = 30;

/** Premium as the server counts it: the flag and an end date still ahead. */
export function isPremiumActive(user: { isPremium: boolean; premiumEndDate: string | null } | null, now = new Date()): boolean {
  if (!user?.isPremium || !user.premiumEndDate) return false;
  const end = new Date(user.premiumEndDate).getTime();
  return Number.isFinite(end) && end > now.getTime();
}

export const playlistLimit = (premium: boolean) => (premium ? PLAYLIST_LIMIT_PREMIUM : PLAYLIST_LIMIT_FREE);

/**
 * Adds a typed category: trimmed, ignored when empty or already chosen (no duplicates), at most 10 of
 * at most 30 characters each (what the server keeps).
 */
export function addCategory(chosen: readonly string[], input: string): string[] {
  const name = input.trim().slice(0, MAX_CATEGORY_LENGTH);
  if (!name || chosen.includes(name) || chosen.length >= MAX_CATEGORIES) return [...chosen];
  return [...chosen, name];
}

/**
 * What the category box offers. Without a query: the 15 suggestions of the create page. With one: up to
 * 5 names from the database search and up to 3 matching built-in names. Chosen ones and duplicates
 * are left out.
 */
export function categorySuggestions(query: string, fromServer: readonly string[], chosen: readonly string[]): string[] {
  const q = query.trim().toLowerCase();
  const out: string[] = [];
  const push = (name: string) => {
    if (!chosen.includes(name) && !out.includes(name)) out.push(name);
  };
  if (!q) {
    for (const name of CREATE_PAGE_CATEGORIES) push(name);
    return out;
  }
  for (const name of fromServer.slice(0, CATEGORY_SUGGESTIONS_FROM_DB)) push(name);
  for (const name of CREATE_PAGE_CATEGORIES.filter((c) => c.toLowerCase().includes(q)).slice(0, CATEGORY_SUGGESTIONS_BUILT_IN)) push(name);
  return out;
}

export interface CreateState {
  name: string;
  /** A validation message is showing. */
  hasError: boolean;
  /** How many playlists the member has. */
  count: number;
  premium: boolean;
  submitting: boolean;
}

/** Create is disabled while the name is empty, an error shows, the limit is reached or a submit runs (§5). */
export function canCreatePlaylist(s: CreateState): boolean {
  return s.name.trim().length > 0 && !s.hasError && s.count < playlistLimit(s.premium) && !s.submitting;
}

/** The address a playlist is shared with: /{customUserId or userId}/playlist/{id} on this origin. */
export function playlistShareUrl(origin: string, p: { id: number; userId: string; user: { customUserId: string | null } }): string {
  return `${origin}/${encodeURIComponent(p.user.customUserId || p.userId)}/playlist/${p.id}`;
}

/** Back from the owner page: to My Page's playlists tab when it came from there, else to /playlists. */
export const playlistBackPath = (from: string | null) => (from === 'profile' ? '/profile?tab=playlists' : '/playlists');

/** Moves the item `activeId` to the place of `overId`; the same list when either is unknown. */
export function moveItem<T extends { id: number }>(items: readonly T[], activeId: number, overId: number): T[] {
  const from = items.findIndex((i) => i.id === activeId);
  const to = items.findIndex((i) => i.id === overId);
  if (from < 0 || to < 0 || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** The body of PUT /api/playlists/{id}/reorder: every item once, numbered 0..n-1 in the new order. */
export function reorderPayload(items: readonly { id: number }[]): { items: { id: number; order: number }[] } {
  return { items: items.map((i, order) => ({ id: i.id, order })) };
}
