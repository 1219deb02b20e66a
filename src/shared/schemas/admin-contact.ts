import { z } from 'zod';
import { CONTACT_SUBJECTS } from '../rules/support';
import { ADMIN_PAGE_SIZE } from './admin';

/**
 * The contact form's messages as the operator reads them in the console (issues 18 and 19): newest
 * first, 10 a page, with whether the mail to the operator went out.
 */
export const AdminContactQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const AdminContactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.enum(CONTACT_SUBJECTS),
  message: z.string(),
  /** pending (not mailed yet, or no SMTP), sent, failed (every attempt failed; still kept). */
  status: z.enum(['pending', 'sent', 'failed']),
  userId: z.string().nullable(),
  createdAt: z.string(),
});
export const AdminContactListSchema = z.object({
  messages: z.array(AdminContactMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.literal(ADMIN_PAGE_SIZE),
});
export type AdminContactList = z.infer<typeof AdminContactListSchema>;
