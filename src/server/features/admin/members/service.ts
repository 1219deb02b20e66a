import { and, count, desc, eq, gt, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { OFFICIAL_ID } from '../../../../shared/constants';
import { ADMIN_MEMBERS_API_MESSAGES } from '../../../../shared/messages/admin-members';
import type {
  AccessStatus,
  AdminListeningEntry,
  AdminMember,
  AdminMemberDetail,
  AdminMemberList,
  AdminSession,
} from '../../../../shared/schemas/admin-members';
import type { Db } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { follows, likes, listeningHistory, playlists, premiumSubscriptions, sessions, tracks, users } from '../../../db/schema';
import { conflict, found } from '../../../http/errors';
import type { StorageProvider } from '../../../providers/storage/types';
import { deleteAccount } from '../../auth/public';
import {
  applyOperatorPremium,
  type OperatorChange,
  premiumStatusAt,
  type SubscriptionRow,
  subscriptionStateOf,
  visibleStatus,
} from '../../premium/public';

/**
 * The console's 会員管理 (creator-operator spec §2.4, §7; issue 18; decision 0024). Members are every
 * user but the official account, which the console neither lists nor changes.
 */

/** What the members service needs: the database, the configured payment provider's name and the clock. */
export interface MembersDeps {
  db: Db;
  storage: StorageProvider;
  /** 'stripe', 'demo', or null without payments. */
  paymentsMode: string | null;
  now: () => Date;
}

const isMember = ne(users.id, OFFICIAL_ID);

function toAdminMember(user: UserRow, subscription: SubscriptionRow | null, mode: string | null, now: Date): AdminMember {
  const premium = premiumStatusAt(user, now);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    picture: user.picture,
    customUserId: user.customUserId,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    isPremium: premium.isPremium,
    premiumStartDate: user.premiumStartDate?.toISOString() ?? null,
    premiumEndDate: user.premiumEndDate?.toISOString() ?? null,
    totalPremiumMonths: user.totalPremiumMonths,
    canInvite: user.canInvite,
    accessStatus: user.accessStatus as AccessStatus,
    daysRemaining: premium.daysRemaining,
    subscriptionStatus: visibleStatus(subscription, user, mode, now),
  };
}

const likePattern = (term: string) => `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/** The search: a part of the name, e-mail, id or user id (case-insensitive). */
function matching(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const p = likePattern(term);
  return or(ilike(users.name, p), ilike(users.email, p), ilike(users.id, p), ilike(users.customUserId, p));
}

/** GET /api/admin/users: newest members first, one page, with the filtered and total counts. */
export async function listMembers(deps: MembersDeps, query: { page: number; limit: number; search?: string }): Promise<AdminMemberList> {
  const { db } = deps;
  const now = deps.now();
  const where = and(isMember, matching(query.search));
  const [[{ total }], [{ filtered }], rows] = await Promise.all([
    db.select({ total: count() }).from(users).where(isMember),
    db.select({ filtered: count() }).from(users).where(where),
    db
      .select({ user: users, subscription: premiumSubscriptions })
      .from(users)
      .leftJoin(premiumSubscriptions, eq(premiumSubscriptions.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
  ]);
  return {
    users: rows.map((r) => toAdminMember(r.user, r.subscription, deps.paymentsMode, now)),
    filtered,
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** A member by id, or 404 ユーザーが見つかりません (the official account included). */
async function memberRow(db: Db, id: string): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isMember));
  return found(row, ADMIN_MEMBERS_API_MESSAGES.userNotFound);
}

async function adminMember(deps: MembersDeps, id: string): Promise<AdminMember> {
  const [row] = await deps.db
    .select({ user: users, subscription: premiumSubscriptions })
    .from(users)
    .leftJoin(premiumSubscriptions, eq(premiumSubscriptions.userId, users.id))
    .where(and(eq(users.id, id), isMember));
  const r = found(row, ADMIN_MEMBERS_API_MESSAGES.userNotFound);
  return toAdminMember(r.user, r.subscription, deps.paymentsMode, deps.now());
}

/**
 * POST /api/admin/users/premium and PATCH /api/admin/users/{id}/premium: the operator's grant (until
 * endDate, 30 days from now by default) or revoke, through the premium rule's columns
 * (features/premium/operator.ts). Answers the member as the console now sees them.
 */
export async function setMemberPremium(deps: MembersDeps, id: string, change: OperatorChange): Promise<AdminMember> {
  await memberRow(deps.db, id);
  await applyOperatorPremium(deps.db, { mode: deps.paymentsMode, now: deps.now() }, id, change);
  return adminMember(deps, id);
}

/** POST /api/admin/users/invitation-status: whether the member may invite (spec §6, C-6-03). */
export async function setMemberInvitation(deps: MembersDeps, id: string, canInvite: boolean): Promise<AdminMember> {
  await memberRow(deps.db, id);
  await deps.db.update(users).set({ canInvite, updatedAt: deps.now() }).where(eq(users.id, id));
  return adminMember(deps, id);
}

/**
 * POST /api/admin/users/access-status: approved, pending or denied. The access gate and every
 * members-only call read it on the member's next request (http/guards.ts): nothing is cached.
 */
export async function setMemberAccess(deps: MembersDeps, id: string, accessStatus: AccessStatus): Promise<AdminMember> {
  await memberRow(deps.db, id);
  await deps.db.update(users).set({ accessStatus, updatedAt: deps.now() }).where(eq(users.id, id));
  return adminMember(deps, id);
}

/**
 * DELETE /api/admin/users/{id}: the account deletion of a self-deletion (auth/account.ts: their
 * tracks and files, picture, likes and follows counted down, codes stopped), whose transaction also
 * ends every session of the member at once. Refused while the payment provider would go on billing them.
 */
export async function deleteMember(deps: MembersDeps, id: string): Promise<void> {
  const user = await memberRow(deps.db, id);
  const { state } = await subscriptionStateOf(deps.db, user, deps.paymentsMode, deps.now());
  if (state === 'active' || state === 'paused') throw conflict(ADMIN_MEMBERS_API_MESSAGES.deleteWhileBilled);
  await deleteAccount(deps.db, deps.storage, id);
}

/** GET /api/admin/users/{id}: the member and their figures. */
export async function memberDetail(deps: MembersDeps, id: string): Promise<AdminMemberDetail> {
  const user = await adminMember(deps, id);
  const n = (q: SQL) => sql<number>`(${q})::int`;
  const [stats] = await deps.db
    .select({
      tracks: n(sql`select count(*) from ${tracks} where ${tracks.userId} = ${id}`),
      plays: n(sql`select coalesce(sum(${tracks.playCount}), 0) from ${tracks} where ${tracks.userId} = ${id}`),
      likesReceived: n(sql`select coalesce(sum(${tracks.likeCount}), 0) from ${tracks} where ${tracks.userId} = ${id}`),
      likesGiven: n(sql`select count(*) from ${likes} where ${likes.userId} = ${id}`),
      playlists: n(sql`select count(*) from ${playlists} where ${playlists.userId} = ${id}`),
      followers: n(sql`select count(*) from ${follows} where ${follows.followingId} = ${id}`),
      following: n(sql`select count(*) from ${follows} where ${follows.followerId} = ${id}`),
      listens: n(sql`select count(*) from ${listeningHistory} where ${listeningHistory.userId} = ${id}`),
      sessions: n(sql`select count(*) from ${sessions} where ${sessions.userId} = ${id} and ${sessions.expiresAt} > now()`),
    })
    .from(users)
    .where(eq(users.id, id));
  return { user, stats: found(stats, ADMIN_MEMBERS_API_MESSAGES.userNotFound) };
}

/** GET /api/admin/users/{id}/listening-history: the newest 100 entries, with the track's title when it still exists. */
export async function memberListeningHistory(deps: MembersDeps, id: string): Promise<AdminListeningEntry[]> {
  await memberRow(deps.db, id);
  const rows = await deps.db
    .select({
      id: listeningHistory.id,
      trackId: listeningHistory.trackId,
      trackTitle: tracks.title,
      duration: listeningHistory.duration,
      progressPercent: listeningHistory.progressPercent,
      completed: listeningHistory.completed,
      createdAt: listeningHistory.createdAt,
    })
    .from(listeningHistory)
    .leftJoin(tracks, eq(tracks.id, listeningHistory.trackId))
    .where(eq(listeningHistory.userId, id))
    .orderBy(desc(listeningHistory.createdAt), desc(listeningHistory.id))
    .limit(100);
  return rows.map((r) => ({ ...r, trackTitle: r.trackTitle ?? null, createdAt: r.createdAt.toISOString() }));
}

/**
 * GET /api/admin/users/{id}/sessions: the member's live sessions, most recently active first. The id
 * shown is the start of the stored token hash (never the token), so the console can tell them apart.
 */
export async function memberSessions(deps: MembersDeps, id: string): Promise<AdminSession[]> {
  await memberRow(deps.db, id);
  const rows = await deps.db
    .select({
      tokenHash: sessions.tokenHash,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
      deviceInfo: sessions.deviceInfo,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, id), eq(sessions.isAdmin, false), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastActiveAt))
    .limit(100);
  return rows.map((r) => ({
    id: r.tokenHash.slice(0, 16),
    createdAt: r.createdAt.toISOString(),
    lastActiveAt: r.lastActiveAt.toISOString(),
    deviceInfo: r.deviceInfo,
  }));
}
