import { z } from 'zod';
import { IntId } from './common';

export const TrackIdParamSchema = z.object({ trackId: IntId });
/** A member addressed by internal id or public customUserId. */
export const UserRefParamSchema = z.object({ id: z.string().min(1).max(100) });
export const UserIdParamSchema = z.object({ userId: z.string().min(1).max(100) });

export const LikeAnswerSchema = z.object({ success: z.literal(true), isLiked: z.boolean(), likeCount: z.number().int() });
export const IsLikedSchema = z.object({ isLiked: z.boolean() });

export const PublicUserSchema = z
  .object({ id: z.string(), name: z.string(), picture: z.string().nullable(), customUserId: z.string().nullable() })
  .describe('PublicUser');
export type PublicUser = z.infer<typeof PublicUserSchema>;

export const PublicProfileSchema = PublicUserSchema.extend({
  xHandle: z.string().nullable(),
  createdAt: z.string(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  trackCount: z.number().int(),
  isOfficial: z.boolean(),
});

export const FollowCountsSchema = z.object({ followingCount: z.number().int(), followerCount: z.number().int() });
export const FollowStatusSchema = z.object({ isFollowing: z.boolean() });
export const FollowersSchema = z.object({ followers: z.array(PublicUserSchema) });
export const FollowingSchema = z.object({ following: z.array(PublicUserSchema) });
export const FollowRecordSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  follower: PublicUserSchema.optional(),
  following: PublicUserSchema.optional(),
});
export const FollowRecordListSchema = z.array(FollowRecordSchema);
export const FollowAnswerSchema = z.object({ success: z.literal(true), isFollowing: z.boolean(), followerCount: z.number().int() });

export const NOTIFICATION_TYPES = [
  'follow',
  'like',
  'playlist_add',
  'milestone_100',
  'milestone_500',
  'milestone_1000',
  'milestone_5000',
  'milestone_10000',
] as const;
export const MILESTONES = [100, 500, 1000, 5000, 10000] as const;

export const NotificationSchema = z
  .object({
    id: z.number().int(),
    type: z.string(),
    isRead: z.boolean(),
    bundleCount: z.number().int(),
    actorName: z.string().nullable(),
    actorPicture: z.string().nullable(),
    actorCustomUserId: z.string().nullable(),
    actorUserId: z.string().nullable(),
    trackId: z.number().int().nullable(),
    trackTitle: z.string().nullable(),
    playlistId: z.number().int().nullable(),
    playlistName: z.string().nullable(),
    createdAt: z.string(),
  })
  .describe('Notification');
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationListSchema = z.array(NotificationSchema);
export const UnreadCountSchema = z.object({ count: z.number().int() });
