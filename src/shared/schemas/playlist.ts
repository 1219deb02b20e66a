import { z } from 'zod';
import { PLAYLIST_MESSAGES, playlistNameProblem } from '../rules/playlist';
import { checkedString, IntId, writtenText } from './common';
import { TrackSchema } from './track';

export const PlaylistCreateSchema = z.object({
  name: checkedString(playlistNameProblem),
  category: z
    .union([writtenText('single', { trim: false }).max(500), z.array(writtenText('single', { trim: false }).max(30)).max(10)])
    .optional(),
  description: writtenText('multi').max(500, '説明は500文字以内で入力してください').nullable().optional(),
  isPublic: z.boolean().optional(),
  publicSlug: writtenText('single', { trim: false }).max(200).nullable().optional(),
  /** Sent by the browser; the owner is always the signed-in member. */
  userId: writtenText('single', { trim: false }).max(100).optional(),
});
export const PlaylistUpdateSchema = PlaylistCreateSchema.partial();

export const PlaylistUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  customUserId: z.string().nullable(),
  picture: z.string().nullable(),
});
export const PlaylistItemSchema = z.object({ id: z.number().int(), order: z.number().int(), track: TrackSchema });

/** The fields every answer about a playlist carries: the full playlist and a member's list of them. */
const PlaylistFieldsSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string().nullable(),
  isPublic: z.boolean(),
  publicSlug: z.string().nullable(),
  impressionCount: z.number().int(),
  followerCount: z.number().int(),
  itemCount: z.number().int(),
  createdAt: z.string(),
});

export const PlaylistSchema = PlaylistFieldsSchema.extend({
  updatedAt: z.string(),
  isFollowing: z.boolean(),
  isOwner: z.boolean(),
  user: PlaylistUserSchema,
  items: z.array(PlaylistItemSchema),
}).describe('Playlist');
export type Playlist = z.infer<typeof PlaylistSchema>;
export const PlaylistListSchema = z.array(PlaylistSchema);

export const PlaylistIdParamSchema = z.object({ id: IntId });
/** /api/playlists/{id}/tracks/{trackId}. */
export const PlaylistTrackParamSchema = z.object({ id: IntId, trackId: IntId });
export const AddTrackBodySchema = z.object({ trackId: IntId });
export const PublicSlugParamSchema = z.object({ slug: z.string().max(300) });
export const UserPublicSlugParamSchema = z.object({ userId: z.string().max(100), slug: z.string().max(300) });
export const OgParamSchema = z.object({ customUserId: z.string().max(100), id: IntId });
export const PlaylistFollowAnswerSchema = z.object({ success: z.literal(true), isFollowing: z.boolean(), followerCount: z.number().int() });
export const IsInPlaylistSchema = z.object({ isInPlaylist: z.boolean() });
export const CategoryCreateSchema = z.object({
  name: writtenText().min(1, PLAYLIST_MESSAGES.categoryRequired).max(30, PLAYLIST_MESSAGES.categoryTooLong),
});
export const CategorySearchQuerySchema = z.object({
  q: z.string().max(50).default(''),
  limit: z.coerce.number().int().min(1).max(10).default(10),
});
export const ReorderSchema = z.object({
  items: z
    .array(z.object({ id: z.number().int(), order: z.number().int().min(0).max(100_000) }))
    .min(1)
    .max(1000),
});
export const OgSchema = z.object({
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  url: z.string(),
  type: z.string(),
  siteName: z.string(),
});

/** A public playlist as a member's list gives it (GET /api/users/{id}/playlists). */
export const PublicPlaylistSummarySchema = PlaylistFieldsSchema;
export type PublicPlaylistSummary = z.infer<typeof PublicPlaylistSummarySchema>;
export const PublicPlaylistSummaryListSchema = z.array(PublicPlaylistSummarySchema);

/** A category and how many tracks or playlists use it (GET /api/categories/*, POST /api/categories). */
export const CategoryCountSchema = z.object({ name: z.string(), usageCount: z.number().int() });
export type CategoryCount = z.infer<typeof CategoryCountSchema>;
export const CategoryCountListSchema = z.array(CategoryCountSchema);
