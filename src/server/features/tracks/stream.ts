import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../shared/messages/api';
import type { AudioBytes } from '../../http/audio-bytes';
import { notFound } from '../../http/errors';
import { viewerOf } from '../../http/guards';
import { sendStoredAudio } from '../../http/stored-audio';
import type { StorageProvider } from '../../providers/storage/types';
import type { PremiumListeners } from './premium-listener';
import { requireHearing } from './queries';
import { REDIRECT_MAX_AGE_SECONDS, type SignedUrls } from './signed-urls';
import type { StreamCache, StreamQuality } from './stream-cache';

export { audioKey } from './queries';

/**
 * Streams a track's MP3 with byte ranges (Safari needs them to play and seek at all), validators and
 * conditional requests. A hidden track streams only to its owner and admins, and to anyone else it
 * does not exist. What the stream needs of a track comes from the in-memory cache (stream-cache.ts):
 * a range request costs no database round trip, and a visible track's costs no session work either.
 * With S3 (S3_STREAM=redirect, the default there) the same rules decide, and the answer is a redirect to
 * a short-lived presigned URL of the object: the bytes go from the bucket to the listener. The service
 * worker's offline download (`?for=keep`) is answered by the app itself (#29.6): a CORS-mode fetch that
 * followed the redirect would need the bucket's CORS to allow the site's origin.
 * `?quality=high` asks for the 128 kbit/s variant: a premium listener gets it, anyone else the standard
 * file (never an error: a premium that just ended keeps playing). A premium-only track streams to
 * premium members, its owner and admins only (403 for anyone else, #24.11).
 */
export async function streamTrack(
  cache: StreamCache,
  storage: StorageProvider,
  id: number,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { signed?: SignedUrls | null; quality?: StreamQuality; isPremium?: PremiumListeners; held?: AudioBytes } = {},
) {
  const { signed = null } = opts;
  const high = opts.quality === 'high' && opts.isPremium ? await opts.isPremium(request) : false;
  const info = await cache.get(id, high ? 'high' : 'standard');
  if (!info) throw notFound(MESSAGES.trackNotFound);
  // The one rule of tracks/queries.ts (hearingOf); a visible track open to all asks nothing of the session.
  if (!info.isVisible || info.isPremiumOnly) {
    const isPremium = info.isPremiumOnly && opts.isPremium ? await opts.isPremium(request) : false;
    // A premium listener's range requests on a visible track cost no session query (premium-listener.ts).
    const viewer = isPremium && info.isVisible ? null : await viewerOf(request);
    requireHearing(info, { userId: viewer?.userId ?? null, isAdmin: viewer?.isAdmin ?? false, isPremium });
  }
  const { key, etag, lastModified } = info;
  if (signed) {
    return reply
      .code(302)
      .header('Location', await signed.get(key))
      .header('Cache-Control', info.isVisible ? `private, max-age=${REDIRECT_MAX_AGE_SECONDS}` : 'private, no-store')
      .send();
  }
  return sendStoredAudio(storage, request, reply, {
    key,
    etag,
    lastModified,
    size: info.size,
    held: opts.held,
    // What ?quality=high answers depends on who asks: never kept by a shared cache.
    cacheControl: !info.isVisible
      ? 'private, no-cache'
      : opts.quality === 'high' || info.isPremiumOnly
        ? 'private, max-age=3600'
        : 'public, max-age=3600',
  });
}
