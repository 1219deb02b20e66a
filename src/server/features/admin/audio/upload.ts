import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ADMIN_AUDIO_MESSAGES, ADMIN_UPLOAD_MAX_BYTES } from '../../../../shared/rules/admin-audio';
import { type AdminUploadAnswer, AdminUploadFieldsSchema } from '../../../../shared/schemas/admin-audio';
import type { Db } from '../../../db/client';
import { tracks } from '../../../db/schema';
import { AppError, badRequest } from '../../../http/errors';
import { mp3Duration } from '../../../providers/audio/mp3-duration';
import type { JapaneseEngine } from '../../../providers/japanese/types';
import type { StorageProvider } from '../../../providers/storage/types';
import { refreshSearchReadings } from '../../search/public';
import { audioKey, trackChanged } from '../../tracks/public';
import { ensureOfficialAccount, OFFICIAL_ACCOUNT } from '../../users/public';
import { isMp3 } from './mp3-check';

export interface UploadInput {
  title: string | undefined;
  audio: Buffer | undefined;
}

/**
 * POST /admin/upload's multipart body: the text field `title` and the file `audio` (at most
 * ADMIN_UPLOAD_MAX_BYTES; one file). Other parts are drained and ignored. Nothing is stored here.
 */
export async function readUpload(request: FastifyRequest): Promise<UploadInput> {
  if (!request.isMultipart()) throw badRequest(ADMIN_AUDIO_MESSAGES.fileRequired);
  let title: string | undefined;
  let audio: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: ADMIN_UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000 } })) {
      if (part.type === 'file') {
        if (part.fieldname === 'audio') audio = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === 'title') {
        title = typeof part.value === 'string' ? part.value : undefined;
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, ADMIN_AUDIO_MESSAGES.tooLarge);
    throw badRequest(ADMIN_AUDIO_MESSAGES.uploadFailed);
  }
  return { title, audio };
}

/**
 * An operator's MP3 becomes a visible track of the official channel (spec §2.4, §5; decision 0022): the
 * title trimmed and required, the file MP3 by its content (MPEG layer III frames after any ID3 tags),
 * its duration from its frames. The file is stored through the storage provider before the row is
 * inserted (a failed insert removes it again); the row gets its search readings like every writer's.
 */
export async function uploadTrack(
  db: Db,
  storage: StorageProvider,
  japanese: JapaneseEngine,
  input: UploadInput,
): Promise<AdminUploadAnswer> {
  const fields = AdminUploadFieldsSchema.safeParse({ title: input.title ?? '' });
  if (!fields.success) throw badRequest(fields.error.issues[0]?.message ?? ADMIN_AUDIO_MESSAGES.titleRequired);
  const { title } = fields.data;
  const audio = input.audio;
  if (!audio || audio.length === 0) throw badRequest(ADMIN_AUDIO_MESSAGES.fileRequired);
  if (audio.length > ADMIN_UPLOAD_MAX_BYTES) throw new AppError(413, ADMIN_AUDIO_MESSAGES.tooLarge);
  if (!isMp3(audio)) throw badRequest(ADMIN_AUDIO_MESSAGES.notMp3);
  const duration = mp3Duration(audio);

  const filename = `a-${randomBytes(8).toString('hex')}.mp3`;
  await storage.put(audioKey(filename), audio);
  let id: number;
  try {
    // The official account exists on every started server (seedDemoAccounts); made here if it does not.
    await ensureOfficialAccount(db);
    const [row] = await db
      .insert(tracks)
      .values({
        title,
        filename,
        duration,
        fileSize: audio.length,
        createdBy: OFFICIAL_ACCOUNT.id,
        userId: OFFICIAL_ACCOUNT.id,
        isVisible: true,
      })
      .returning({ id: tracks.id });
    id = row.id;
  } catch (err) {
    await storage.delete(audioKey(filename)).catch(() => {});
    throw err;
  }
  // Its readings for search by reading, as every writer of tracks does; then the catalogue shows it.
  await refreshSearchReadings(db, japanese, id);
  await trackChanged(db, null);
  return { id, title, duration: Math.round(duration * 100) / 100, size: audio.length, message: ADMIN_AUDIO_MESSAGES.uploaded(title) };
}
