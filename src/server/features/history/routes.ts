import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { daysRemaining } from '../../../shared/rules/premium';
import { ErrorSchema } from '../../../shared/schemas/common';
import { ListeningHistoryEntrySchema, ListeningHistoryInputSchema, PremiumStatusSchema } from '../../../shared/schemas/history';
import type { AppDeps } from '../../app';
import { listeningHistory, tracks } from '../../db/schema';
import { requireUser } from '../auth/guard';
import { isPremiumNow } from '../auth/users';

const toEntry = (r: typeof listeningHistory.$inferSelect) => ({
  id: r.id,
  trackId: r.trackId,
  duration: r.duration,
  progressPercent: r.progressPercent,
  completed: r.completed,
  createdAt: r.createdAt.toISOString(),
});

export function historyRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/listening-history',
      {
        schema: {
          tags: ['history'],
          summary: 'Record listening to a track (duration listened, progress, completed)',
          body: ListeningHistoryInputSchema,
          response: { 201: ListeningHistoryEntrySchema, 401: ErrorSchema, 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        const { trackId, duration, progressPercent, completed } = request.body;
        const [track] = await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, trackId));
        if (!track) return reply.code(404).send({ message: '音声が見つかりません' });
        const [row] = await db
          .insert(listeningHistory)
          .values({ userId: me.id, trackId, duration, progressPercent, completed })
          .returning();
        return reply.code(201).send(toEntry(row));
      },
    );
    app.get(
      '/api/user/listening-history',
      {
        schema: {
          tags: ['history'],
          summary: 'My listening history, newest first (optionally for one track)',
          querystring: z.object({
            trackId: z.coerce.number().int().positive().optional(),
            limit: z.coerce.number().int().min(1).max(500).default(100),
          }),
          response: { 200: z.array(ListeningHistoryEntrySchema), 401: ErrorSchema },
        },
      },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        reply.header('Cache-Control', 'private, no-store');
        const rows = await db
          .select()
          .from(listeningHistory)
          .where(
            and(
              eq(listeningHistory.userId, me.id),
              request.query.trackId ? eq(listeningHistory.trackId, request.query.trackId) : undefined,
            ),
          )
          .orderBy(desc(listeningHistory.createdAt), desc(listeningHistory.id))
          .limit(request.query.limit);
        return rows.map(toEntry);
      },
    );
    app.get(
      '/api/auth/premium-status',
      {
        schema: {
          tags: ['premium'],
          summary: 'Whether I am premium, until when, and days remaining',
          response: { 200: PremiumStatusSchema, 401: ErrorSchema },
        },
      },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        reply.header('Cache-Control', 'private, no-store');
        const premium = isPremiumNow(me);
        return {
          isPremium: premium,
          endDate: me.premiumEndDate?.toISOString() ?? null,
          daysRemaining: premium ? daysRemaining(me.premiumEndDate) : 0,
        };
      },
    );
  };
}
