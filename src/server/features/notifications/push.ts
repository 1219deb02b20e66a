import { and, eq, sql } from 'drizzle-orm';
import { PRODUCT_NAME_JA } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages/api';
import { notificationMessage } from '../../../shared/rules/notifications';
import { type Db, rowsOf } from '../../db/client';
import { notifications, playlists, pushSubscriptions, tracks, users } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { checkEndpoint, type EndpointPolicy } from '../../providers/push/endpoints';
import type { PushSender } from '../../providers/push/sender';

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * One row per device endpoint. Only the member who owns an endpoint may rebind it (new keys after
 * the browser renewed them): another member posting the same endpoint changes nothing, or they could
 * silently take over someone's notifications. Answers whether the row is now this member's.
 */
export async function saveSubscription(
  db: Db,
  policy: EndpointPolicy,
  userId: string,
  s: SubscriptionInput,
  userAgent?: string,
): Promise<void> {
  if (!checkEndpoint(s.endpoint, policy).ok) throw badRequest(MESSAGES.pushUnknownService);
  const ua = userAgent?.slice(0, 300) ?? null;
  const rows = await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, userAgent: ua })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: s.keys.p256dh, auth: s.keys.auth, userAgent: ua },
      setWhere: eq(pushSubscriptions.userId, userId),
    })
    .returning({ id: pushSubscriptions.id });
  if (!rows.length) throw conflict(MESSAGES.pushEndpointTaken);
}

export async function removeSubscription(db: Db, userId: string, endpoint: string) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** The test notification of PWA settings (listener spec §2.10). */
export const TEST_PUSH = {
  title: PRODUCT_NAME_JA,
  body: MESSAGES.testPushBody,
  url: '/notifications',
  tag: 'test-push',
  test: true,
};

/** Sends a payload to every device of a member; gone subscriptions (404/410) are removed. */
export async function pushToUser(db: Db, send: PushSender, userId: string, payload: object) {
  const subs = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  let sent = 0;
  let failed = 0;
  for (const s of subs) {
    const outcome = await send({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(payload));
    if (outcome === 'sent') {
      sent++;
      await db.update(pushSubscriptions).set({ lastSuccessAt: new Date() }).where(eq(pushSubscriptions.id, s.id));
    } else {
      failed++;
      if (outcome === 'gone') await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id));
    }
  }
  return { sent, failed, devices: subs.length };
}

interface ClaimedNotification {
  id: number;
  userId: string;
  type: string;
  bundleCount: number;
  actorName: string | null;
  trackTitle: string | null;
  playlistName: string | null;
}

/**
 * Delivers notifications not pushed yet. One statement claims the rows (pushed_at set, locked rows
 * skipped) and answers the state it claimed, so two instances never push the same row, and a bundle
 * that grows while it is being pushed is pushed again with its new count, never twice with the same
 * one. Sending happens outside any transaction.
 */
export async function deliverPendingPushes(db: Db, send: PushSender, batch = 50): Promise<number> {
  const rows = rowsOf<ClaimedNotification>(
    await db.execute(sql`
      with claimed as (
        update ${notifications} set pushed_at = now()
        where id in (select id from ${notifications} where pushed_at is null order by id limit ${batch} for update skip locked)
        returning id, user_id, type, bundle_count, actor_user_id, track_id, playlist_id
      )
      select c.id, c.user_id as "userId", c.type, c.bundle_count as "bundleCount",
        u.name as "actorName", t.title as "trackTitle", p.name as "playlistName"
      from claimed c
      left join ${users} u on u.id = c.actor_user_id
      left join ${tracks} t on t.id = c.track_id
      left join ${playlists} p on p.id = c.playlist_id
      order by c.id`),
  );
  for (const n of rows) {
    await pushToUser(db, send, n.userId, {
      title: PRODUCT_NAME_JA,
      body: notificationMessage(n),
      url: '/notifications',
      tag: `notification-${n.id}`,
      notificationId: n.id,
    });
  }
  return rows.length;
}

/** Runs the dispatcher every `intervalMs` until stopped; errors are logged and retried next tick. */
export function startPushDispatcher(db: Db, send: PushSender, intervalMs: number, log: (err: unknown) => void) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        while ((await deliverPendingPushes(db, send)) > 0 && !stopped);
      } catch (err) {
        log(err);
      }
    });
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
