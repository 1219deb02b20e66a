import type { AccessControl } from '../../../shared/schemas/auth';
import type { Viewer } from '../../http/session';

/** The access gate's answer (listener spec §2): who may enter the members-only pages, and why not. */
export function accessOf(viewer: Viewer | null): AccessControl {
  if (!viewer || (!viewer.userId && !viewer.isAdmin)) return { hasAccess: false, reason: viewer ? 'user_not_found' : 'not_authenticated' };
  const user = viewer.member;
  if (!user) return { hasAccess: false, reason: 'user_not_found' };
  if (user.accessStatus === 'pending') return { hasAccess: false, reason: 'pending_approval' };
  if (user.accessStatus === 'denied') return { hasAccess: false, reason: 'access_denied' };
  return { hasAccess: true, reason: 'approved' };
}
