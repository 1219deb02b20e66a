import { randomBytes } from 'node:crypto';
import { users } from '../../../db/schema';
import { encodeMp3 } from '../../../providers/audio/mp3';
import type { TestApp } from '../../../test/app';
import { tone } from '../../../test/generation-kit';

// What the 音声管理 tests share (issue 18): a real MP3, the multipart body a browser sends, the official channel.

/** A real MP3 of 2.5 s made by the project's encoder (64 kbit/s mono, as the app's own tracks). */
export const MP3 = encodeMp3(tone(2.5));

/** A multipart body of the given text fields and files, as a browser's FormData sends it. */
export function multipart(fields: Record<string, string>, files: { field: string; filename: string; type: string; data: Buffer }[]) {
  const boundary = `----mugen-admin-${randomBytes(4).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const mp3File = (data: Buffer = MP3, filename = 'talk.mp3', type = 'audio/mpeg') => ({ field: 'audio', filename, type, data });

export async function ensureOfficial(db: TestApp['db']) {
  await db.insert(users).values({ id: 'mugen', name: '無限', customUserId: 'mugen', picture: '∞' }).onConflictDoNothing();
}
