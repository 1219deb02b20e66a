import { createHash } from 'node:crypto';

/** The Podcast Index namespace's own UUID, the namespace of every `podcast:guid` (docs/tags/guid.md). */
export const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** A name-based UUID, version 5 (RFC 9562 §5.5): SHA-1 of the namespace's 16 bytes and the name's UTF-8. */
export function uuidV5(name: string, namespace: string): string {
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A feed's `podcast:guid`: the UUIDv5 of its URL with the scheme and the trailing slashes taken off, in the
 * namespace's UUID (`podnews.net/rss` → 9b024349-ccf0-5f69-a609-6b82873eab3c).
 */
export const podcastGuid = (feedUrl: string) =>
  uuidV5(feedUrl.replace(/^[a-z][a-z\d+.-]*:\/\//i, '').replace(/\/+$/, ''), PODCAST_GUID_NAMESPACE);
