import { randomBytes } from 'node:crypto';
import { DAY_MS } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { hashToken } from '../../http/session';

/** Creates a session and returns the opaque token for the cookie; only its hash is stored. */
export async function createSession(
  db: Db,
  opts: { userId?: string | null; isAdmin?: boolean; ttlDays: number; deviceInfo?: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + opts.ttlDays * DAY_MS);
  if (opts.isAdmin && opts.userId) throw new Error('an admin session belongs to no member');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: opts.userId ?? null,
    isAdmin: opts.isAdmin ?? false,
    deviceInfo: opts.deviceInfo?.slice(0, 300) ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}
