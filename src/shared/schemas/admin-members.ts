import { z } from 'zod';
import { ADMIN_MEMBERS_API_MESSAGES } from '../messages/admin-members';
import { writtenText } from './common';

/**
 * The console's 会員管理 (creator-operator spec §2.4, §3 "User (admin view)", §7 Admin calls; issue 18).
 * Interpretations are in docs/decisions/0024-admin-members.md.
 */

export const ACCESS_STATUSES = ['approved', 'pending', 'denied'] as const;
export type AccessStatus = (typeof ACCESS_STATUSES)[number];

export const SUBSCRIPTION_STATES = ['none', 'active', 'cancelling', 'paused'] as const;

/**
 * A member as the console sees them: the spec's fields, plus what the operator decides by. `isPremium`
 * is the premium rule's answer now (flag, end date ahead, no pause in force), `daysRemaining` likewise.
 */
export const AdminMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  picture: z.string().nullable(),
  customUserId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isPremium: z.boolean(),
  premiumStartDate: z.string().nullable(),
  premiumEndDate: z.string().nullable(),
  totalPremiumMonths: z.number().int(),
  canInvite: z.boolean(),
  accessStatus: z.enum(ACCESS_STATUSES),
  daysRemaining: z.number().int().min(0),
  /** The member's own subscription with the configured payment provider (none without one). */
  subscriptionStatus: z.enum(SUBSCRIPTION_STATES),
});
export type AdminMember = z.infer<typeof AdminMemberSchema>;

/**
 * GET /api/admin/users?page=&limit=&search=: one page, how many match the search, how many there are.
 * Without page and limit the answer is the spec's (C-7.4-03): an array of the members, newest first (at most
 * ADMIN_MEMBERS_ALL_MAX).
 */
export const ADMIN_MEMBERS_ALL_MAX = 1000;
export const AdminMembersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  search: z.string().trim().max(200).optional(),
});
export const AdminMemberListSchema = z.object({
  users: z.array(AdminMemberSchema),
  /** Members matching the search (all of them without one). */
  filtered: z.number().int(),
  /** Every member. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminMemberList = z.infer<typeof AdminMemberListSchema>;
export const AdminMemberArraySchema = z.array(AdminMemberSchema);

export const AdminMemberIdParamSchema = z.object({ id: z.string().min(1).max(200) });

const userId = writtenText('single', { missing: ADMIN_MEMBERS_API_MESSAGES.userNotFound })
  .min(1, ADMIN_MEMBERS_API_MESSAGES.userNotFound)
  .max(200, ADMIN_MEMBERS_API_MESSAGES.userNotFound);

/** An instant in the future, as ISO text or epoch milliseconds. */
const futureInstant = z
  .union([writtenText('single', { trim: false }).max(40), z.number()], { error: ADMIN_MEMBERS_API_MESSAGES.invalidDate })
  .transform((v, ctx) => {
    const d = new Date(v);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: ADMIN_MEMBERS_API_MESSAGES.invalidDate });
      return z.NEVER;
    }
    return d;
  });

/**
 * POST /api/admin/users/premium {userId, isPremium, endDate}: the table's "edit premium" sends now + 30
 * days (spec §9); null or absent means 30 days from now. endDate is ignored when isPremium is false.
 */
export const AdminPremiumBodySchema = z.object({
  userId,
  isPremium: z.boolean(),
  endDate: futureInstant.nullable().optional(),
});
export type AdminPremiumBody = z.input<typeof AdminPremiumBodySchema>;

/** PATCH /api/admin/users/{id}/premium {isPremium}: premium on is 30 days from now (spec §9). */
export const AdminPremiumPatchSchema = z.object({ isPremium: z.boolean() });

/** POST /api/admin/users/invitation-status {userId, canInvite}. */
export const AdminInvitationBodySchema = z.object({ userId, canInvite: z.boolean() });
export type AdminInvitationBody = z.infer<typeof AdminInvitationBodySchema>;

/** POST /api/admin/users/access-status {userId, accessStatus}: what the access gate reads (issue 18). */
export const AdminAccessBodySchema = z.object({
  userId,
  accessStatus: z.enum(ACCESS_STATUSES, { error: ADMIN_MEMBERS_API_MESSAGES.invalidAccessStatus }),
});
export type AdminAccessBody = z.infer<typeof AdminAccessBodySchema>;

/** GET /api/admin/users/{id}: the member and their figures. */
export const AdminMemberStatsSchema = z.object({
  tracks: z.number().int(),
  /** Plays of the member's own tracks. */
  plays: z.number().int(),
  likesGiven: z.number().int(),
  likesReceived: z.number().int(),
  playlists: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
  /** Rows of listening history. */
  listens: z.number().int(),
  sessions: z.number().int(),
});
export const AdminMemberDetailSchema = z.object({ user: AdminMemberSchema, stats: AdminMemberStatsSchema });
export type AdminMemberDetail = z.infer<typeof AdminMemberDetailSchema>;

/** GET /api/admin/users/{id}/listening-history: newest first, at most 100. */
export const AdminListeningEntrySchema = z.object({
  id: z.number().int(),
  trackId: z.number().int(),
  trackTitle: z.string().nullable(),
  duration: z.number(),
  progressPercent: z.number(),
  completed: z.boolean(),
  createdAt: z.string(),
});
export const AdminListeningHistorySchema = z.array(AdminListeningEntrySchema);
export type AdminListeningEntry = z.infer<typeof AdminListeningEntrySchema>;

/** GET /api/admin/users/{id}/sessions: the member's live sessions, most recently active first. */
export const AdminSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  deviceInfo: z.string().nullable(),
});
export const AdminSessionListSchema = z.array(AdminSessionSchema);
export type AdminSession = z.infer<typeof AdminSessionSchema>;
