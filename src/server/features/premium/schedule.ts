import { and, eq, gt, isNull, lt, lte } from 'drizzle-orm';
import { z } from 'zod';
import { PREMIUM_NOTIFICATION_TYPES } from '../../../shared/messages/api';
import { type Db, inTransaction } from '../../db/client';
import { premiumSubscriptions, stripeEvents, users } from '../../db/schema';
import { defineJob, defineScheduledJob } from '../../jobs/define';
import { enqueueJob } from '../../jobs/queue';
import { PaymentUnavailable } from '../../providers/payments/types';
import { notify } from '../notifications/public';
import { subscriptionRow } from './queries';
import { addDays, addMonths, RESUME_NOTICE_DAYS } from './rule';
import { applyPaid, heldOf, type PremiumDeps } from './service';

/** How long handled webhook event ids are kept (Stripe retries a delivery for up to 3 days). */
const EVENT_KEEP_DAYS = 30;

export interface SweepReport {
  noticed: number;
  resumesQueued: number;
  renewed: number;
  ended: number;
}

/**
 * The premium work that falls due with time, run as a scheduled job (premiumSweepJob) every
 * few minutes and safe to run from several workers at once (each step claims its rows):
 * - 3 days before a pause ends, the member is told that premium and billing resume (an in-app
 *   notification: the mail provider, providers/mail, writes only to the operator, never to members);
 * - a pause that has ended gets its resume task on the queue (premium-resume, retried with backoff);
 * - the demo checkout's subscriptions renew at their period end, charged offline (Stripe renews by
 *   itself and its webhook brings the payment);
 * - a cancelled subscription whose period is over is ended;
 * - handled webhook event ids older than 30 days are forgotten.
 */
export async function premiumSweep(deps: PremiumDeps): Promise<SweepReport> {
  const { db } = deps;
  const at = deps.now();
  const report: SweepReport = { noticed: 0, resumesQueued: 0, renewed: 0, ended: 0 };

  const noticeDue = await db
    .select({ userId: premiumSubscriptions.userId })
    .from(premiumSubscriptions)
    .innerJoin(users, eq(users.id, premiumSubscriptions.userId))
    .where(
      and(
        eq(premiumSubscriptions.status, 'paused'),
        isNull(premiumSubscriptions.resumeNoticeAt),
        lte(users.premiumPausedUntil, addDays(at, RESUME_NOTICE_DAYS)),
        gt(users.premiumPausedUntil, at),
      ),
    );
  for (const { userId } of noticeDue) {
    await inTransaction(db, async (tx) => {
      const claimed = await tx
        .update(premiumSubscriptions)
        .set({ resumeNoticeAt: at })
        .where(
          and(
            eq(premiumSubscriptions.userId, userId),
            eq(premiumSubscriptions.status, 'paused'),
            isNull(premiumSubscriptions.resumeNoticeAt),
          ),
        )
        .returning({ userId: premiumSubscriptions.userId });
      if (claimed.length) {
        await notify(tx, { userId, type: PREMIUM_NOTIFICATION_TYPES.resumeSoon });
        report.noticed++;
      }
    });
  }

  const resumeDue = await db
    .select({ userId: premiumSubscriptions.userId, pausedUntil: users.premiumPausedUntil })
    .from(premiumSubscriptions)
    .innerJoin(users, eq(users.id, premiumSubscriptions.userId))
    .where(and(eq(premiumSubscriptions.status, 'paused'), isNull(premiumSubscriptions.resumeTaskId), lte(users.premiumPausedUntil, at)));
  for (const { userId, pausedUntil } of resumeDue) {
    if (!pausedUntil) continue;
    await inTransaction(db, async (tx) => {
      const [row] = await tx
        .select({ userId: premiumSubscriptions.userId })
        .from(premiumSubscriptions)
        .where(
          and(
            eq(premiumSubscriptions.userId, userId),
            eq(premiumSubscriptions.status, 'paused'),
            isNull(premiumSubscriptions.resumeTaskId),
          ),
        )
        .for('update');
      if (!row) return;
      const taskId = await enqueueJob(tx, premiumResumeJob, { userId, pausedUntil: pausedUntil.toISOString() }, { userId });
      await tx.update(premiumSubscriptions).set({ resumeTaskId: taskId }).where(eq(premiumSubscriptions.userId, userId));
      report.resumesQueued++;
    });
  }

  // A provider that does not renew by itself (the demo checkout) is asked for each renewal that falls due.
  const renew = deps.payments?.renew;
  if (deps.payments && renew) {
    const provider = deps.payments.mode;
    const renewDue = await db
      .select()
      .from(premiumSubscriptions)
      .where(
        and(
          eq(premiumSubscriptions.provider, provider),
          eq(premiumSubscriptions.status, 'active'),
          lte(premiumSubscriptions.currentPeriodEnd, at),
        ),
      );
    for (const row of renewDue) {
      if (!row.currentPeriodEnd) continue;
      // A period long gone (the demo app was off) renews from now, not from back then.
      const from = row.currentPeriodEnd.getTime() < addDays(at, -1).getTime() ? at : row.currentPeriodEnd;
      const next = addMonths(from, 1);
      // Claimed by moving the period on, so one sweep charges it, however many run.
      const claimed = await db
        .update(premiumSubscriptions)
        .set({ currentPeriodEnd: next, updatedAt: at })
        .where(
          and(
            eq(premiumSubscriptions.userId, row.userId),
            eq(premiumSubscriptions.status, 'active'),
            eq(premiumSubscriptions.currentPeriodEnd, row.currentPeriodEnd),
          ),
        )
        .returning({ userId: premiumSubscriptions.userId });
      if (!claimed.length) continue;
      const paid = await renew({ ...heldOf(row), currentPeriodEnd: from });
      if (!paid) continue;
      await inTransaction(db, (tx) => applyPaid(tx, at, row.userId, provider, paid));
      report.renewed++;
    }
  }

  const ended = await db
    .update(premiumSubscriptions)
    .set({ status: 'ended', updatedAt: at })
    .where(and(eq(premiumSubscriptions.status, 'cancelling'), lte(premiumSubscriptions.currentPeriodEnd, at)))
    .returning({ userId: premiumSubscriptions.userId });
  report.ended = ended.length;

  await db.delete(stripeEvents).where(lt(stripeEvents.receivedAt, addDays(at, -EVENT_KEEP_DAYS)));
  return report;
}

/**
 * The premium-resume task: the pause of its payload is over. Billing restarts with a month starting on
 * the pause's last day (the demo charges it offline; Stripe charged it when the free period it was given
 * ended), and premium resumes for the paid month. A Stripe payment not confirmed yet leaves premium off
 * until invoice.paid arrives. A task of a pause that is no longer in force (cancelled meanwhile, already
 * resumed by the webhook) does nothing.
 */
export const premiumResumeJob = defineJob('premium-resume', {
  version: 1,
  payload: z.object({
    userId: z.string().min(1),
    /** The end of the pause this task resumes (ISO 8601); a task of another pause does nothing. */
    pausedUntil: z.iso.datetime(),
  }),
  maxAttempts: 10,
  handler: async (p, _ctx, deps) => {
    const { userId } = p;
    const pausedUntil = new Date(p.pausedUntil);
    const payments = deps.payments;
    const row = await subscriptionRow(deps.db, userId);
    if (row?.status !== 'paused' || !payments || row.provider !== payments.mode) return { resumed: false };
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
    if (user?.premiumPausedUntil?.getTime() !== pausedUntil.getTime()) return { resumed: false };
    let paid: Awaited<ReturnType<typeof payments.resume>>;
    try {
      paid = await payments.resume(heldOf(row), pausedUntil);
    } catch (err) {
      // Retried with backoff by the queue.
      throw err instanceof PaymentUnavailable ? new Error(err.message) : err;
    }
    const at = deps.now();
    await inTransaction(deps.db, async (tx: Db) => {
      const resumed = await tx
        .update(premiumSubscriptions)
        .set({ status: 'active', currentPeriodEnd: paid?.periodEnd ?? row.currentPeriodEnd, updatedAt: at })
        .where(and(eq(premiumSubscriptions.userId, userId), eq(premiumSubscriptions.status, 'paused')))
        .returning({ userId: premiumSubscriptions.userId });
      if (!resumed.length) return;
      await tx.update(users).set({ premiumPausedUntil: null, updatedAt: at }).where(eq(users.id, userId));
      if (paid) await applyPaid(tx, at, userId, payments.mode, paid);
    });
    return { resumed: true, paid: paid !== null };
  },
});

/** How often the premium work that falls due with time is looked for (pause notices and resumes, demo renewals). */
const PREMIUM_SWEEP_MS = 5 * 60_000;

/** The premium sweep (premiumSweep), a scheduled job. */
export const premiumSweepJob = defineScheduledJob('premium-sweep', {
  everyMs: PREMIUM_SWEEP_MS,
  run: (deps) => premiumSweep(deps),
});
