import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../../../shared/messages';
import { CheckUserIdAnswerSchema, ProfileUpdateSchema, UserSchema } from '../../../shared/schemas/auth';
import { ErrorSchema } from '../../../shared/schemas/common';
import type { AppDeps } from '../../app';
import { users } from '../../db/schema';
import { currentUser, requireUser } from '../auth/guard';
import { toUser } from '../auth/users';
import { MAX_IMAGE_BYTES, NotAnImageError, processProfileImage, profileImageKey } from './image';
import { checkUserId, updateProfile } from './service';

const UploadErrorSchema = z.object({ error: z.string(), message: z.string() });
const uploadError = (message: string) => ({ error: message, message });

export function profileRoutes({ db, storage }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const method of ['PUT', 'PATCH'] as const) {
      app.route({
        method,
        url: '/api/auth/profile',
        schema: {
          tags: ['profiles'],
          summary: 'Update my profile (name, customUserId, picture, xHandle); the e-mail cannot change',
          body: ProfileUpdateSchema,
          response: { 200: UserSchema, 400: ErrorSchema, 401: ErrorSchema, 409: ErrorSchema },
        },
        handler: async (request, reply) => {
          const user = await requireUser(db, request, reply);
          if (!user) return reply;
          const result = await updateProfile(db, user.id, request.body);
          if (!result.ok) return reply.code(result.status).send({ message: result.message });
          return toUser(result.user);
        },
      });
    }

    app.get(
      '/api/auth/check-user-id/:customUserId',
      {
        schema: {
          tags: ['profiles'],
          summary: 'Whether a user ID is free to take',
          params: z.object({ customUserId: z.string().max(200) }),
          response: { 200: CheckUserIdAnswerSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const me = await currentUser(db, request);
        return checkUserId(db, request.params.customUserId, me?.id ?? null);
      },
    );

    app.post(
      '/api/upload/profile-image',
      {
        schema: {
          tags: ['profiles'],
          summary: 'Upload a profile picture (multipart field image, at most 10 MB); answers imageUrl',
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ imageUrl: z.string() }), 400: UploadErrorSchema, 401: ErrorSchema, 413: UploadErrorSchema },
        },
      },
      async (request, reply) => {
        const user = await requireUser(db, request, reply);
        if (!user) return reply;
        if (!request.isMultipart()) return reply.code(400).send(uploadError('画像ファイルを選択してください'));
        let data: Buffer | undefined;
        try {
          for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } })) {
            if (part.type === 'file') {
              if (part.fieldname !== 'image') {
                part.file.resume();
                continue;
              }
              data = await part.toBuffer();
            }
          }
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send(uploadError('画像ファイルは10MB以下にしてください'));
          return reply.code(400).send(uploadError('アップロードに失敗しました'));
        }
        if (!data || data.length === 0) return reply.code(400).send(uploadError('画像ファイルを選択してください'));
        let webp: Buffer;
        try {
          webp = await processProfileImage(data);
        } catch (err) {
          if (err instanceof NotAnImageError) return reply.code(400).send(uploadError('画像ファイルのみアップロード可能です'));
          throw err;
        }
        const key = profileImageKey(user.id);
        await storage.put(key, webp);
        const imageUrl = `/${key}`;
        const previous = user.picture;
        await db.update(users).set({ picture: imageUrl, updatedAt: new Date() }).where(eq(users.id, user.id));
        if (previous?.startsWith('/uploads/profile/')) await storage.delete(previous.slice(1)).catch(() => {});
        return { imageUrl };
      },
    );

    app.get(
      '/uploads/profile/:file',
      {
        schema: {
          hide: true,
          params: z.object({
            file: z
              .string()
              .regex(/^[A-Za-z0-9_-]+\.webp$/)
              .max(120),
          }),
        },
      },
      async (request, reply) => {
        const key = `uploads/profile/${request.params.file}`;
        const stat = await storage.stat(key);
        if (!stat) return reply.code(404).send({ message: MESSAGES.notFound });
        return reply
          .header('Content-Type', 'image/webp')
          .header('Content-Length', String(stat.size))
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('X-Content-Type-Options', 'nosniff')
          .send(await storage.read(key));
      },
    );
  };
}
