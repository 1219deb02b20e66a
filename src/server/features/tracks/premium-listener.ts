import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { isPremiumNow } from '../auth/users';

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Whether the listener behind a request is premium now, for the high-quality stream: remembered per
 * session for a minute, so a listener's range requests cost one lookup, not two queries each. A visitor
 * (no session cookie) costs nothing.
 */
export function premiumListeners(db: Db, now = () => Date.now()) {
  const known = new Map<number, { premium: boolean; until: number }>();
  return async function isPremiumListener(request: FastifyRequest): Promise<boolean> {
    const viewer = await request.viewer();
    if (!viewer?.userId) return false;
    const hit = known.get(viewer.sessionId);
    if (hit && hit.until > now()) return hit.premium;
    const [row] = await db
      .select({ isPremium: users.isPremium, premiumEndDate: users.premiumEndDate })
      .from(users)
      .where(eq(users.id, viewer.userId))
      .limit(1);
    const premium = row ? isPremiumNow(row, new Date(now())) : false;
    known.set(viewer.sessionId, { premium, until: now() + TTL_MS });
    if (known.size > MAX_ENTRIES) known.delete(known.keys().next().value as number);
    return premium;
  };
}

export type PremiumListeners = ReturnType<typeof premiumListeners>;
