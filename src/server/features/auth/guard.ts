import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The signed-in member's row, or null when signed out or the member no longer exists. */
export async function currentUser(db: Db, request: FastifyRequest): Promise<UserRow | null> {
  const viewer = await request.viewer();
  if (!viewer?.userId) return null;
  const [row] = await db.select().from(users).where(eq(users.id, viewer.userId)).limit(1);
  return row ?? null;
}
