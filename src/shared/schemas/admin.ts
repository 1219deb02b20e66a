import { z } from 'zod';
import { ADMIN_API_MESSAGES } from '../messages/admin';
import { writtenText } from './common';

/**
 * The operators' console: sign-in and status (issue 18). Each tab's calls have their own schema file
 * (admin-audio.ts, admin-themes.ts, admin-members.ts, admin-monitoring.ts).
 */
export const AdminLoginSchema = z.object({
  username: writtenText().min(1, ADMIN_API_MESSAGES.credentialsRequired).max(200, ADMIN_API_MESSAGES.loginFailed),
  password: writtenText('single', { trim: false }).min(1, ADMIN_API_MESSAGES.credentialsRequired).max(500, ADMIN_API_MESSAGES.loginFailed),
  /** 「ログイン情報を保存」: a longer session (the browser keeps only the username). */
  remember: z.boolean().optional(),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;

/** The spec's login answer has an optional token: the session is an HttpOnly cookie, so none is sent. */
export const AdminLoginAnswerSchema = z.object({ success: z.literal(true) });

export const AdminStatusSchema = z.object({
  authenticated: z.boolean(),
  /** False when the server has no operator account (production without ADMIN_USERNAME/ADMIN_PASSWORD). */
  enabled: z.boolean(),
});
export type AdminStatus = z.infer<typeof AdminStatusSchema>;

/** Paging of the console's lists: 10 a page (spec §9). */
export const ADMIN_PAGE_SIZE = 10;
export const AdminPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
});
