import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { MESSAGES } from '../../shared/messages/api';
import type { StorageProvider } from '../providers/storage/types';
import type { AudioBytes } from './audio-bytes';
import { etagMatches, parseRange } from './range';

/**
 * Stored MP3 bytes as a player needs them: byte ranges (206, 416), ETag and Last-Modified with their
 * conditional requests (304, If-Range), HEAD without reading. Tracks and the hosts' segues (features/radio)
 * are served by it alike; with `held` (audio-bytes.ts) a file being listened to is answered from memory.
 */
export async function sendStoredAudio(
  storage: StorageProvider,
  request: FastifyRequest,
  reply: FastifyReply,
  audio: { key: string; etag: string; lastModified: Date; size: number; cacheControl: string; held?: AudioBytes },
) {
  const { key, etag, lastModified } = audio;
  const stat = { size: audio.size };
  reply
    .header('Content-Type', 'audio/mpeg')
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', lastModified.toUTCString())
    .header('Cache-Control', audio.cacheControl)
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
  const bytes = isHead ? null : (audio.held?.get(key, etag, stat.size) ?? null);
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`)
      .header('Content-Length', String(range.end - range.start + 1));
    if (isHead) return reply.send();
    return reply.send(bytes ? bytes.subarray(range.start, range.end + 1) : await storage.read(key, range));
  }
  reply.code(200).header('Content-Length', String(stat.size));
  if (isHead) return reply.send();
  return reply.send(bytes ?? (stat.size === 0 ? '' : await storage.read(key)));
}

type StoredAudio = Omit<Parameters<typeof sendStoredAudio>[3], 'cacheControl'>;

/**
 * GET and HEAD of one MP3 the hosts spoke for a member (a segue, an answer to a question): served by
 * sendStoredAudio and kept an hour by the member's own browser only. `audio` finds it by the path's
 * parameters and says who may hear it.
 */
export function hostsAudioRoute<P extends z.ZodType>(
  scope: Parameters<FastifyPluginAsyncZod>[0],
  storage: StorageProvider,
  route: {
    url: string;
    tag: string;
    summary: string;
    params: P;
    audio: (params: z.infer<P>, request: FastifyRequest) => Promise<StoredAudio>;
  },
) {
  scope.route({
    method: ['GET', 'HEAD'],
    url: route.url,
    schema: { tags: [route.tag], summary: route.summary, params: route.params },
    handler: async (request, reply) =>
      sendStoredAudio(storage, request, reply, {
        ...(await route.audio(request.params as z.infer<P>, request)),
        cacheControl: 'private, max-age=3600',
      }),
  });
}

function isNotModifiedSince(header: string | undefined, lastModified: Date): boolean {
  if (!header) return false;
  const since = Date.parse(header);
  return Number.isFinite(since) && lastModified.getTime() <= since;
}
