import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';

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

export const profileImageKey = (userId: string) =>
  `uploads/profile/${userId.replace(/[^A-Za-z0-9_-]/g, '')}-${randomBytes(6).toString('hex')}.webp`;
