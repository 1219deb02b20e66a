import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminFileLocationQuerySchema,
  AdminFileLocationsAnswerSchema,
  AdminFilesAnswerSchema,
  AdminFilesQuerySchema,
  AdminSyncAnswerSchema,
  AdminUploadAnswerSchema,
  PremiumOnlyBodySchema,
} from '../../../../shared/schemas/admin-audio';
import { IdParamSchema } from '../../../../shared/schemas/common';
import { TrackSchema } from '../../../../shared/schemas/track';
import { errorAnswers } from '../../../http/errors';
import { adminsOnly } from '../../../http/guards';
import type { AppDeps } from '../../../types';
import { setPremiumOnly } from './premium-only';
import { fileLocations, listFiles, mediaStores, syncAll, syncFile } from './service';
import { readUpload, uploadTrack } from './upload';

/**
 * The console's 音声管理 (spec §2.4, §7; decision 0022): the file list, where each file is, the sync of
 * local files into the S3 bucket, and the MP3 upload. Visibility and deletion are the tracks' own
 * PATCH /api/tracks/{id}/visibility and DELETE /api/tracks/{id}, which take an operator's session;
 * the premium-only mark is the console's own (issue 40.5).
 */
export function adminAudioRoutes({ db, storage, config, japanese }: AppDeps): FastifyPluginAsyncZod {
  const stores = mediaStores(config, storage);
  return adminsOnly(async (admins) => {
    admins.get(
      '/api/admin/files',
      {
        schema: {
          tags: ['admin'],
          summary: 'ファイル一覧: every track (hidden ones too), 10 a page, newest first, searched by title and poster',
          querystring: AdminFilesQuerySchema,
          response: { 200: AdminFilesAnswerSchema, ...errorAnswers(400, 401) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return listFiles(db, stores, request.query);
      },
    );

    admins.get(
      '/api/admin/files/location',
      {
        schema: {
          tags: ['admin'],
          summary: 'Where each file is (s3 or local) and whether it exists: the given ids (comma-separated, at most 100), or every track',
          querystring: AdminFileLocationQuerySchema,
          response: { 200: AdminFileLocationsAnswerSchema, ...errorAnswers(400, 401) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return fileLocations(db, stores, request.query.ids);
      },
    );

    admins.post(
      '/api/admin/files/sync/:id',
      {
        schema: {
          tags: ['admin'],
          summary: "Moves a track's files from local disk into the S3 bucket (copied, checked, then removed locally)",
          params: IdParamSchema,
          response: { 200: AdminSyncAnswerSchema, ...errorAnswers(400, 401, 404, 409, 503) },
        },
      },
      async (request) => syncFile(db, stores, request.params.id, (err) => request.log.error({ err }, 'file sync failed')),
    );

    admins.post(
      '/api/admin/files/sync-all',
      {
        schema: {
          tags: ['admin'],
          summary: "Moves every track's local files into the S3 bucket",
          response: { 200: AdminSyncAnswerSchema, ...errorAnswers(401, 409, 503) },
        },
      },
      async (request) => syncAll(db, stores, (err) => request.log.error({ err }, 'file sync failed')),
    );

    admins.patch(
      '/api/admin/tracks/:id/premium-only',
      {
        schema: {
          tags: ['admin'],
          summary: 'Marks any track premium-only (premium members, its owner and operators hear it), or open to all again',
          params: IdParamSchema,
          body: PremiumOnlyBodySchema,
          response: { 200: TrackSchema, ...errorAnswers(400, 401, 404) },
        },
      },
      async (request) => setPremiumOnly(db, request.params.id, request.body.isPremiumOnly),
    );

    admins.post(
      '/admin/upload',
      {
        schema: {
          tags: ['admin'],
          summary: 'Uploads an MP3 (multipart: audio, title) as a visible track of the official channel',
          consumes: ['multipart/form-data'],
          response: { 201: AdminUploadAnswerSchema, ...errorAnswers(400, 401, 413) },
        },
      },
      async (request, reply) => {
        const answer = await uploadTrack(db, storage, japanese, await readUpload(request));
        request.log.info({ trackId: answer.id, bytes: answer.size }, 'admin uploaded a track');
        return reply.code(201).send(answer);
      },
    );
  });
}
