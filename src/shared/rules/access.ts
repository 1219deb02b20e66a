import type { AccessControl } from '../schemas/auth';
import { isTrackPath } from './shell';

/**
 * The access gate of the listener spec §2: which paths skip GET /api/access-control and where a refused
 * check sends the browser. Interpretations are in docs/decisions/0004-access-gate.md.
 */

/** The access status pages; they skip the check (and hide the footer). */
export const STATUS_PATHS = ['/closed-beta', '/pending-approval', '/access-denied', '/invalid-invitation'] as const;

/**
 * The single-segment pages that are checked all the same: the spec sends signed-out visitors of exactly
 * these to /closed-beta (L-2.1-07, L-2.1-08, L-2.1-12, L-2.2-07). Other single segments (/profile and
 * /invite-friends included) show their own login-required state instead.
 */
export const MEMBER_PATHS = ['/create-post', '/notifications', '/favorites'] as const;

export type PublicPathKind = 'home' | 'track' | 'playlist' | 'profile' | 'invitation' | 'status' | 'admin' | 'not-found';

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function hasFromAuth(search: string): boolean {
  return new URLSearchParams(search).has('from_auth');
}

const PLAYLIST_PATH = /^\/(?:playlists(?:\/[^/]+)?|playlist\/[^/]+|u\/[^/]+\/[^/]+|[^/]+\/playlist\/[^/]+)$/;
const PROFILE_SUBPATH = /^\/(?:user\/[^/]+|[^/]+\/(?:followers|following))$/;

/**
 * Why a path skips the access check, or null when the check must run. `notFound` is true when no page
 * of the route table matches (the 404 page has nothing to guard).
 */
export function publicPathKind(pathname: string, search = '', { notFound = false } = {}): PublicPathKind | null {
  const p = normalise(pathname);
  if (p === '/') return hasFromAuth(search) ? null : 'home';
  if ((STATUS_PATHS as readonly string[]).includes(p)) return 'status';
  if (p === '/invitation-required' || /^\/i\/[^/]+$/.test(p)) return 'invitation';
  if (isTrackPath(p)) return 'track';
  if (PLAYLIST_PATH.test(p)) return 'playlist';
  // The operator console has its own username and password sign-in (second document).
  if (p === '/admin' || p.startsWith('/admin/')) return 'admin';
  if (/^\/[^/]+$/.test(p)) return (MEMBER_PATHS as readonly string[]).includes(p) ? null : 'profile';
  if (PROFILE_SUBPATH.test(p)) return 'profile';
  if (notFound) return 'not-found';
  return null;
}

export function needsAccessCheck(pathname: string, search = '', opts: { notFound?: boolean } = {}): boolean {
  return publicPathKind(pathname, search, opts) === null;
}

/**
 * Where the browser goes after the check: null to stay. Not authenticated, user not found and a failed
 * check go to /closed-beta; pending approval and denied access to their own status pages.
 */
export function accessRedirect(result: AccessControl | 'failed'): string | null {
  if (result === 'failed') return '/closed-beta';
  if (result.hasAccess) return null;
  switch (result.reason) {
    case 'pending_approval':
    case 'access_denied':
      return GATE_REFUSALS[result.reason].page;
    default:
      return '/closed-beta';
  }
}

/**
 * A member the operator set to pending or denied (issue 18): every members-only call answers 403 with
 * `{ message, reason }` (http/guards.ts), and the browser goes to the reason's status page.
 */
export const GATE_REFUSALS = {
  pending_approval: { page: '/pending-approval', message: 'アカウントは承認待ちです。承認されるまでご利用いただけません' },
  access_denied: { page: '/access-denied', message: 'アカウントの承認が拒否されたため、このサービスをご利用いただけません' },
} as const;
export type GateRefusalReason = keyof typeof GATE_REFUSALS;

/**
 * Where a refused member stays when a call answers the gate's 403: the status pages, and the pages they
 * may still need (contact, stopping a subscription, the static texts). Everywhere else the browser goes
 * to the reason's status page.
 */
export const GATE_OPEN_PATHS = ['/contact', '/cancel', '/faq', '/terms', '/privacy', '/commercial-law'] as const;

export function keepsRefusedMember(pathname: string): boolean {
  const p = normalise(pathname);
  return (STATUS_PATHS as readonly string[]).includes(p) || (GATE_OPEN_PATHS as readonly string[]).includes(p);
}

/** The reason of a members-only call's 403 when it is the gate's (pending or denied), else null. */
export function gateRefusalOf(reason: string | null | undefined): GateRefusalReason | null {
  return reason === 'pending_approval' || reason === 'access_denied' ? reason : null;
}

/** The query string without from_auth ('' when nothing is left). */
export function withoutFromAuth(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('from_auth');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export function searchHasFromAuth(search: string): boolean {
  return hasFromAuth(search);
}

/** The sign-in start (browser navigation): GET /api/auth/google with redirect, invitation code, payment. */
export function googleSignInUrl(opts: { redirect?: string; code?: string; payment?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (opts.redirect) params.set('redirect', opts.redirect);
  if (opts.code) params.set('code', opts.code);
  if (opts.payment) params.set('payment', 'true');
  const q = params.toString();
  return q ? `/api/auth/google?${q}` : '/api/auth/google';
}

/** Why a newcomer's sign-in was refused: the page the browser goes to, and the message an API caller reads. */
export const SIGN_IN_REFUSALS = {
  invitation_required: { page: '/closed-beta', message: '新規登録には招待が必要です' },
  invalid_invitation: { page: '/invalid-invitation', message: 'この招待コードは使用済みか、有効期限が切れています' },
} as const;
