import type { FastifyRequest } from 'fastify';
import type { AccessControl } from '../../../shared/schemas/auth';
import type { Db } from '../../db/client';
import { currentUser } from '../auth/guard';

/** The access gate's answer (listener spec §2): who may enter the members-only pages, and why not. */
export async function accessOf(db: Db, request: FastifyRequest): Promise<AccessControl> {
  const viewer = await request.viewer();
  if (!viewer || (!viewer.userId && !viewer.isAdmin)) return { hasAccess: false, reason: viewer ? 'user_not_found' : 'not_authenticated' };
  if (!viewer.userId) return { hasAccess: false, reason: 'user_not_found' };
  const user = await currentUser(db, request);
  if (!user) return { hasAccess: false, reason: 'user_not_found' };
  if (user.accessStatus === 'pending') return { hasAccess: false, reason: 'pending_approval' };
  if (user.accessStatus === 'denied') return { hasAccess: false, reason: 'access_denied' };
  return { hasAccess: true, reason: 'approved' };
}
