import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../shared/messages';
import type { Db } from '../../db/client';
import type { StorageProvider } from '../../providers/storage/types';
import { etagMatches, parseRange } from './range';
import { canSeeTrack, findTrack } from './service';

export const audioKey = (filename: string) => `audio/${filename}`;

/**
 * Streams a track's MP3 with byte ranges (Safari needs them to play and seek at all), validators and
 * conditional requests. A hidden track streams only to its owner and admins, and to anyone else it
 * does not exist.
 */
export async function streamTrack(db: Db, storage: StorageProvider, id: number, request: FastifyRequest, reply: FastifyReply) {
  const access = await findTrack(db, id);
  if (!access || !canSeeTrack(access, await request.viewer())) {
    return reply.code(404).send({ message: MESSAGES.trackNotFound });
  }
  const key = audioKey(access.track.filename);
  const stat = await storage.stat(key);
  if (!stat) return reply.code(404).send({ message: MESSAGES.audioUnavailable });

  const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtime.getTime() / 1000).toString(16)}"`;
  const lastModified = new Date(Math.floor(stat.mtime.getTime() / 1000) * 1000);
  reply
    .header('Content-Type', 'audio/mpeg')
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', lastModified.toUTCString())
    .header('Cache-Control', access.track.isVisible ? 'public, max-age=3600' : 'private, no-cache')
    .header('Content-Disposition', 'inline');

  const h = request.headers;
  const ifNoneMatch = h['if-none-match'];
  const notModified = ifNoneMatch ? etagMatches(ifNoneMatch, etag) : isNotModifiedSince(h['if-modified-since'], lastModified);
  if (notModified) return reply.code(304).send();

  // If-Range: serve the range only when the client's copy is still this one.
  const ifRange = typeof h['if-range'] === 'string' ? h['if-range'] : undefined;
  const rangeHeader = ifRange && ifRange.trim() !== etag && ifRange.trim() !== lastModified.toUTCString() ? undefined : h.range;
  const range = parseRange(rangeHeader, stat.size);

  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${stat.size}`)
      .header('Content-Type', 'application/json; charset=utf-8')
      .send({ message: MESSAGES.rangeNotSatisfiable });
  }
  const isHead = request.method === 'HEAD';
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`)
      .header('Content-Length', String(range.end - range.start + 1));
    return isHead ? reply.send() : reply.send(await storage.read(key, range));
  }
  reply.code(200).header('Content-Length', String(stat.size));
  return isHead ? reply.send() : reply.send(stat.size === 0 ? '' : await storage.read(key));
}

function isNotModifiedSince(header: string | undefined, lastModified: Date): boolean {
  if (!header) return false;
  const since = Date.parse(header);
  return Number.isFinite(since) && lastModified.getTime() <= since;
}
