import { count, desc } from 'drizzle-orm';
import { isContactSubject } from '../../../../shared/rules/support';
import { ADMIN_PAGE_SIZE } from '../../../../shared/schemas/admin';
import type { AdminContactList } from '../../../../shared/schemas/admin-contact';
import type { Db } from '../../../db/client';
import { contactMessages } from '../../../db/schema';

const STATUSES = ['pending', 'sent', 'failed'] as const;

/** GET /api/admin/contact-messages: what visitors and members sent with the contact form, newest first. */
export async function listContactMessages(db: Db, page: number): Promise<AdminContactList> {
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(contactMessages),
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
  ]);
  return {
    messages: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      subject: isContactSubject(r.subject) ? r.subject : 'other',
      message: r.message,
      status: (STATUSES as readonly string[]).includes(r.status) ? (r.status as (typeof STATUSES)[number]) : 'pending',
      userId: r.userId,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    page,
    limit: ADMIN_PAGE_SIZE,
  };
}
