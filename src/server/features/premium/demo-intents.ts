import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { demoPaymentIntents } from '../../db/schema';
import type { DemoIntent, DemoIntentStore } from '../../providers/payments/demo';

const intentOf = (row: typeof demoPaymentIntents.$inferSelect): DemoIntent => ({
  id: row.id,
  userId: row.userId,
  secretHash: row.secretHash,
  status: row.status as DemoIntent['status'],
  periodEnd: row.periodEnd,
});

/** The demo checkout's payment intents (demo_payment_intents), the store premium hands the demo provider. */
export function demoIntents(db: Db): DemoIntentStore {
  return {
    async add({ paid, ...intent }) {
      await db
        .insert(demoPaymentIntents)
        .values(paid ? { ...intent, status: 'succeeded', succeededAt: paid.at, periodEnd: paid.periodEnd } : intent);
    },

    async find(userId, id) {
      const [row] = await db
        .select()
        .from(demoPaymentIntents)
        .where(and(eq(demoPaymentIntents.id, id), eq(demoPaymentIntents.userId, userId)));
      return row ? intentOf(row) : null;
    },

    async markPaid(id, at, periodEnd) {
      await db
        .update(demoPaymentIntents)
        .set({ status: 'succeeded', succeededAt: at, periodEnd })
        .where(and(eq(demoPaymentIntents.id, id), eq(demoPaymentIntents.status, 'requires_payment_method')));
    },

    async latest(userId, id) {
      const [row] = await db
        .select()
        .from(demoPaymentIntents)
        .where(
          and(
            eq(demoPaymentIntents.userId, userId),
            // The named intent; without one, the member's newest paid one.
            id ? eq(demoPaymentIntents.id, id) : eq(demoPaymentIntents.status, 'succeeded'),
          ),
        )
        .orderBy(desc(demoPaymentIntents.createdAt))
        .limit(1);
      return row ? intentOf(row) : null;
    },
  };
}
