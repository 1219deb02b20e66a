import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SUPPORT_API_MESSAGES } from '../../../shared/messages/support';
import { CONTACT_SUBJECT_LABELS, isContactSubject } from '../../../shared/rules/support';
import { type Db, inTransaction, rowsOf } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { defineJob, defineScheduledJob } from '../../jobs/define';
import { enqueueJob, PermanentTaskError } from '../../jobs/queue';
import type { OutgoingMail } from '../../providers/mail/index';

/**
 * Contact messages to the operator (issue 19). A message is stored `pending`; the `contact-mail` task
 * sends it by SMTP and marks it `sent`. While the server is down, the attempt fails and the queue tries
 * again with backoff (2 s, 4 s, 8 s … up to 5 minutes between attempts, CONTACT_MAIL_ATTEMPTS attempts over
 * about 2 hours 45 minutes); only when every attempt failed is the message marked `failed`, still kept for the
 * admin console. Delivery is at least once: a mail whose acknowledgement was lost is sent again with
 * the same Message-ID.
 */
export const CONTACT_MAIL_ATTEMPTS = 40;

type ContactRow = typeof contactMessages.$inferSelect;

/** Queues the delivery of a stored message (in the transaction that stored it). */
export function queueContactMail(tx: Db, messageId: number, userId: string | null) {
  return enqueueJob(tx, contactMailJob, { messageId }, { userId });
}

const tokyoTime = (at: Date) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'long', timeStyle: 'short' }).format(at);

/** The domain of the sender's address (the Message-ID's right side). */
export const mailDomainOf = (from: string) => /@([^\s@<>]+)>?\s*$/.exec(from)?.[1] ?? 'mugen.invalid';

/** The mail the operator receives: the subject's label and the name in the subject line, every field in the text, replies to the writer. */
export function contactMail(row: ContactRow, host = 'mugen.invalid'): OutgoingMail {
  const T = SUPPORT_API_MESSAGES.mail;
  const label = isContactSubject(row.subject) ? CONTACT_SUBJECT_LABELS[row.subject] : row.subject;
  // A name is one line in a subject (the schema trims it; a stray control character goes too).
  const name = row.name.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').trim();
  return {
    subject: T.subject(label, name),
    replyTo: row.email,
    messageId: `<contact-${row.id}-${row.createdAt.getTime()}@${host}>`,
    text: [
      T.intro,
      '',
      `${T.number}: ${row.id}`,
      `${T.receivedAt}: ${tokyoTime(row.createdAt)}`,
      `${T.name}: ${name}`,
      `${T.email}: ${row.email}`,
      `${T.kind}: ${label}`,
      `${T.member}: ${row.userId ?? T.visitor}`,
      '',
      `${T.message}:`,
      row.message,
      '',
    ].join('\n'),
  };
}

/** The contact-mail task: sends the stored message unless it was sent already; the last failed attempt marks it failed. */
export const contactMailJob = defineJob('contact-mail', {
  version: 1,
  payload: z.object({ messageId: z.number().int().positive() }),
  maxAttempts: CONTACT_MAIL_ATTEMPTS,
  // A worker without mail settings takes no contact-mail task: it leaves them to one that can send.
  runsWith: (deps) => deps.mailer !== null,
  handler: async ({ messageId }, ctx, { db, mailer, mailHost }) => {
    if (!mailer) throw new Error('contact mail is not set up in this worker');
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, messageId));
    if (!row) throw new PermanentTaskError(`contact message ${messageId} is gone`);
    if (row.status === 'sent') return { sent: false, already: true };
    try {
      await mailer.send(contactMail(row, mailHost));
    } catch (err) {
      if (ctx.task.attempts >= ctx.task.maxAttempts) {
        await db
          .update(contactMessages)
          .set({ status: 'failed' })
          .where(and(eq(contactMessages.id, messageId), ne(contactMessages.status, 'sent')));
      }
      throw err;
    }
    await db.update(contactMessages).set({ status: 'sent', sentAt: new Date() }).where(eq(contactMessages.id, messageId));
    return { sent: true };
  },
});

/**
 * Messages left `pending` with no delivery on the queue get one: those stored while mail was not set up
 * (once SMTP_URL is set), and any whose task was lost. One sweep at a time across workers (an advisory
 * lock in its transaction), so two workers starting together queue each message once. Answers how
 * many were queued.
 */
export async function queueUnsentContactMail(db: Db): Promise<number> {
  return inTransaction(db, async (tx) => {
    const locked = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('mugen:contact-mail-sweep')) as ok`),
    );
    if (!locked[0]?.ok) return 0;
    const unsent = rowsOf<{ id: number; user_id: string | null }>(
      await tx.execute(sql`
        select m.id, m.user_id from contact_messages m
        where m.status = 'pending'
          and not exists (
            select 1 from tasks t
            where t.kind = 'contact-mail' and t.status in ('queued', 'processing')
              and (t.payload->>'messageId')::int = m.id)
        order by m.id`),
    );
    for (const m of unsent) await queueContactMail(tx, Number(m.id), m.user_id);
    return unsent.length;
  });
}

/** How often pending messages without a delivery are looked for. */
const CONTACT_REQUEUE_MS = 5 * 60_000;

/** The scheduled re-queue of contact messages left pending (queueUnsentContactMail), in workers that can send. */
export const contactMailRequeueJob = defineScheduledJob('contact-mail-requeue', {
  everyMs: CONTACT_REQUEUE_MS,
  runsWith: (deps) => deps.mailer !== null,
  run: async ({ db }) => ({ queued: await queueUnsentContactMail(db) }),
});
