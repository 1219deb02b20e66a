import { MARQUEE_TITLE_THRESHOLD } from '../constants';
import { graphemesOf, PROFILE_UPLOAD_PATH } from './profile';

/** Listener count display: 999, 1.5k, 1.0M (listener spec §9). */
export function formatCount(n: number): string {
  if (!Number.isFinite(n) || n < 1000) return String(Math.max(0, Math.floor(n || 0)));
  if (n < 1_000_000) {
    const k = Math.floor(n / 100) / 10;
    return `${k.toFixed(1).replace(/\.0$/, '')}k`;
  }
  return `${(Math.floor(n / 100_000) / 10).toFixed(1)}M`;
}

/** Admin count display: K and M with one decimal. */
export function formatCountAdmin(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(Math.floor(n / 100) / 10).toFixed(1)}K`;
  return `${(Math.floor(n / 100_000) / 10).toFixed(1)}M`;
}

/** Title scrolls as a marquee when longer than 18 characters (code points, not UTF-16 units). */
export function needsMarquee(title: string): boolean {
  return [...title].length > MARQUEE_TITLE_THRESHOLD;
}

/** m:ss, or h:mm:ss from one hour. Negative or non-finite input reads 0:00. */
export function formatTime(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Japanese date: 2025年5月29日 (in Asia/Tokyo). */
export function formatDateJa(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric' }).format(d);
}

/**
 * Avatar rule: a picture of at most 2 characters (graphemes) is an emoji, shown as text; an upload the
 * server issued (`/uploads/profile/...`) an image; anything else (a URL of another host, `//host`, any
 * other path) the initial, so no page ever loads an image from elsewhere (a tracking pixel).
 */
export type AvatarKind = { kind: 'emoji'; value: string } | { kind: 'image'; src: string } | { kind: 'initial'; value: string };
export function avatarFor(picture: string | null | undefined, name: string | null | undefined): AvatarKind {
  const p = picture?.trim() ?? '';
  if (p && graphemesOf(p).length <= 2) return { kind: 'emoji', value: p };
  if (PROFILE_UPLOAD_PATH.test(p)) return { kind: 'image', src: p };
  const initial = [...(name?.trim() || '?')][0] ?? '?';
  return { kind: 'initial', value: initial.toUpperCase() };
}

/** Clamp a seek fraction into [0, 1]. */
export function clampFraction(f: number): number {
  if (!Number.isFinite(f)) return 0;
  return Math.min(1, Math.max(0, f));
}
