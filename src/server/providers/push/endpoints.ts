import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * The browsers' push services. A subscription's endpoint is a URL the server will POST to, so it
 * must be one of these (or an origin the operator named): anything else would let a member make the
 * server call an address of their choosing (server-side request forgery).
 */
const KNOWN_PUSH_HOSTS: RegExp[] = [
  /^fcm\.googleapis\.com$/, // Chrome, Edge, Opera, Samsung Internet
  /^android\.googleapis\.com$/, // older Chrome endpoints
  /^([a-z0-9-]+\.)*push\.services\.mozilla\.com$/, // Firefox
  /^([a-z0-9-]+\.)*push\.apple\.com$/, // Safari
  /^([a-z0-9-]+\.)*notify\.windows\.com$/, // Edge legacy / Windows
];

export interface EndpointPolicy {
  /** Exact origins accepted besides the known services (PUSH_EXTRA_ORIGINS). */
  extraOrigins: readonly string[];
}

export type EndpointVerdict = { ok: true; known: boolean } | { ok: false };

/** Whether a subscription endpoint may be stored and called. */
export function checkEndpoint(endpoint: string, policy: EndpointPolicy): EndpointVerdict {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return { ok: false };
  }
  if (u.username || u.password) return { ok: false };
  if (policy.extraOrigins.includes(u.origin)) return { ok: true, known: false };
  if (u.protocol !== 'https:' || (u.port && u.port !== '443')) return { ok: false };
  const host = u.hostname.toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, ''))) return { ok: false };
  return KNOWN_PUSH_HOSTS.some((re) => re.test(host)) ? { ok: true, known: true } : { ok: false };
}

/** Loopback, private, link-local, unique-local, carrier-grade NAT, multicast and unspecified addresses. */
export function isInternalAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const v6 = address.toLowerCase();
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || v6.startsWith('ff');
}

/**
 * Just before a push is sent to a known service: its name must still resolve to public addresses only,
 * so a tampered resolver cannot point the server at itself.
 */
export async function resolvesPublicly(hostname: string): Promise<boolean> {
  try {
    const addrs = await lookup(hostname, { all: true, verbatim: true });
    return addrs.length > 0 && addrs.every((a) => !isInternalAddress(a.address));
  } catch {
    return false;
  }
}
