import { z } from 'zod';
import { playlistNameProblem } from '../rules/playlist';
import { checkedString } from './common';
import { TrackSchema } from './track';

export const PlaylistCreateSchema = z.object({
  name: checkedString(playlistNameProblem),
  category: z.union([z.string().max(500), z.array(z.string().max(30)).max(10)]).optional(),
  description: z.string().trim().max(500, '説明は500文字以内で入力してください').nullable().optional(),
  isPublic: z.boolean().optional(),
  publicSlug: z.string().max(200).nullable().optional(),
  /** Sent by the browser; the owner is always the signed-in member. */
  userId: z.string().max(100).optional(),
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

export const PlaylistIdParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const PlaylistTrackParamSchema = z.object({
  playlistId: z.coerce.number().int().positive().max(2_147_483_647),
  trackId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const AddTrackBodySchema = z.object({ trackId: z.coerce.number().int().positive().max(2_147_483_647) });
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

/** A category and how many tracks or playlists use it (GET /api/categories/*, POST /api/categories). */
export const CategoryCountSchema = z.object({ name: z.string(), usageCount: z.number().int() });
export type CategoryCount = z.infer<typeof CategoryCountSchema>;
