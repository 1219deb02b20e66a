import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { viewerOf } from '../../http/guards';
import { SESSION_COOKIE } from '../../http/session';
import { isPremiumAt } from '../premium/public';

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Whether the listener behind a request is premium now, for the high-quality stream: remembered per
 * session cookie for a minute, so a listener's range requests cost one map lookup, no session query and
 * no premium query. A visitor (no session cookie) costs nothing.
 */
export function premiumListeners(db: Db, now = () => Date.now()) {
  const known = new Map<string, { premium: boolean; until: number }>();
  return async function isPremiumListener(request: FastifyRequest): Promise<boolean> {
    const token = request.cookies?.[SESSION_COOKIE];
    if (!token) return false;
    const hit = known.get(token);
    if (hit && hit.until > now()) return hit.premium;
    const viewer = await viewerOf(request);
    if (!viewer?.userId) {
      known.set(token, { premium: false, until: now() + TTL_MS });
      if (known.size > MAX_ENTRIES) known.delete(known.keys().next().value as string);
      return false;
    }
    const [row] = await db
      .select({ isPremium: users.isPremium, premiumEndDate: users.premiumEndDate, premiumPausedUntil: users.premiumPausedUntil })
      .from(users)
      .where(eq(users.id, viewer.userId))
      .limit(1);
    const premium = row ? isPremiumAt(row, new Date(now())) : false;
    known.set(token, { premium, until: now() + TTL_MS });
    if (known.size > MAX_ENTRIES) known.delete(known.keys().next().value as string);
    return premium;
  };
}

export type PremiumListeners = ReturnType<typeof premiumListeners>;
