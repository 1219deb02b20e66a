import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PICTURE_MESSAGES } from '../../../shared/rules/profile';
import {
  CheckUserIdAnswerSchema,
  CheckUserIdParamSchema,
  ProfileErrorSchema,
  ProfileFileParamSchema,
  ProfileImageAnswerSchema,
  ProfileUpdateSchema,
  UploadErrorSchema,
  UserSchema,
} from '../../../shared/schemas/auth';
import { AppError, errorAnswers } from '../../http/errors';
import { memberOf, membersOnly, viewerOf } from '../../http/guards';
import { limitedAs } from '../../http/rate-limits';
import type { AppDeps } from '../../types';

import { toUser } from '../auth/public';
import { MAX_IMAGE_BYTES, NotAnImageError, processProfileImage } from './image';
import { checkUserId, replaceProfileImage, storedProfileImage, updateProfile } from './service';

/** Upload errors answer `{ error, message }` with the same Japanese text (listener spec §5). */
const uploadError = (status: 400 | 413, message: string) => new AppError(status, message, { error: message });

export function profileRoutes({ db, storage }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/auth/check-user-id/:customUserId',
      {
        config: limitedAs('userIdCheck'),
        schema: {
          tags: ['profiles'],
          summary: 'Whether a user ID is free to take',
          params: CheckUserIdParamSchema,
          response: { 200: CheckUserIdAnswerSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const viewer = await viewerOf(request);
        return checkUserId(db, request.params.customUserId, viewer?.userId ?? null);
      },
    );

    app.get('/uploads/profile/:file', { schema: { hide: true, params: ProfileFileParamSchema } }, async (request, reply) => {
      const image = await storedProfileImage(storage, request.params.file);
      return reply
        .header('Content-Type', 'image/webp')
        .header('Content-Length', String(image.size))
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(image.body);
    });

    await app.register(
      membersOnly(async (members) => {
        for (const method of ['PUT', 'PATCH'] as const) {
          members.route({
            method,
            url: '/api/auth/profile',
            config: limitedAs('profile'),
            schema: {
              tags: ['profiles'],
              summary: 'Update my profile (name, customUserId, picture, xHandle); the e-mail cannot change',
              body: ProfileUpdateSchema,
              response: { 200: UserSchema, 400: ProfileErrorSchema, 409: ProfileErrorSchema, ...errorAnswers(401) },
            },
            handler: async (request) => toUser(await updateProfile(db, storage, memberOf(request), request.body)),
          });
        }

        members.post(
          '/api/upload/profile-image',
          {
            config: limitedAs('upload'),
            schema: {
              tags: ['profiles'],
              summary: 'Upload a profile picture (multipart field image, at most 10 MB); answers imageUrl',
              consumes: ['multipart/form-data'],
              response: { 200: ProfileImageAnswerSchema, 400: UploadErrorSchema, 413: UploadErrorSchema, ...errorAnswers(401) },
            },
          },
          async (request) => {
            if (!request.isMultipart()) throw uploadError(400, PICTURE_MESSAGES.chooseImage);
            let data: Buffer | undefined;
            try {
              for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } })) {
                if (part.type !== 'file') continue;
                if (part.fieldname !== 'image') {
                  part.file.resume();
                  continue;
                }
                data = await part.toBuffer();
              }
            } catch (err) {
              if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw uploadError(413, PICTURE_MESSAGES.tooLarge);
              throw uploadError(400, PICTURE_MESSAGES.uploadFailed);
            }
            if (!data || data.length === 0) throw uploadError(400, PICTURE_MESSAGES.chooseImage);
            let webp: Buffer;
            try {
              webp = await processProfileImage(data);
            } catch (err) {
              if (err instanceof NotAnImageError) throw uploadError(400, PICTURE_MESSAGES.imagesOnly);
              throw err;
            }
            return { imageUrl: await replaceProfileImage(db, storage, memberOf(request), webp) };
          },
        );
      }),
    );
  };
}
