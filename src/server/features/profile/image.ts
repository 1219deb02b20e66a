import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { keyIn } from '../../providers/storage/keys';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const SIZE = 512;

export class NotAnImageError extends Error {}

/**
 * Decodes the upload by its content (never by its name or declared type), then re-encodes a square
 * 512 px WebP. Re-encoding drops every piece of metadata (EXIF, GPS, XMP) and any payload hidden
 * after the image data.
 */
export async function processProfileImage(input: Buffer): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw new NotAnImageError('not an image');
  }
  if (!meta.format || !['jpeg', 'png', 'gif', 'webp', 'avif', 'heif'].includes(meta.format))
    throw new NotAnImageError(`unsupported ${meta.format}`);
  try {
    return await sharp(input, { limitInputPixels: 50_000_000, animated: false })
      .rotate() // apply the EXIF orientation before it is dropped
      .resize(SIZE, SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new NotAnImageError('undecodable image');
  }
}

const PROFILE_FOLDER = 'uploads/profile';
const ownerPart = (userId: string) => userId.replace(/[^A-Za-z0-9_-]/g, '');

/** A new key for a member's upload: their id and 12 random hex digits, so it names its owner. */
export const profileImageKey = (userId: string) => `${PROFILE_FOLDER}/${ownerPart(userId)}-${randomBytes(6).toString('hex')}.webp`;

/**
 * The storage key of `picture` when it is an upload the server issued to this member (the path
 * recorded as their picture), else null. Nothing else is ever deleted on a member's behalf: not a
 * path with `..`, not another member's upload, not a track's audio.
 */
export function issuedProfileKey(picture: string | null | undefined, userId: string): string | null {
  if (!picture) return null;
  const m = /^\/uploads\/profile\/([A-Za-z0-9_-]+)-([0-9a-f]{12})\.webp$/.exec(picture);
  if (!m || m[1] !== ownerPart(userId)) return null;
  return keyIn(PROFILE_FOLDER, `${m[1]}-${m[2]}.webp`);
}
