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
  /^jmt17\.google\.com$/, // Chromium builds without Google's API keys (Debian's, Ungoogled, Brave)
  /^([a-z0-9-]+\.)*push\.services\.mozilla\.com$/, // Firefox
  /^([a-z0-9-]+\.)*push\.apple\.com$/, // Safari
  /^([a-z0-9-]+\.)*notify\.windows\.com$/, // Edge legacy / Windows
];

/** The push service of an endpoint, for /metrics (a fixed set of labels: never the URL). */
export function pushServiceOf(endpoint: string): string {
  let host = '';
  try {
    host = new URL(endpoint).hostname.toLowerCase();
  } catch {
    return 'other';
  }
  if (/^(fcm|android)\.googleapis\.com$/.test(host)) return 'fcm';
  if (host === 'jmt17.google.com') return 'chromium';
  if (/(^|\.)push\.services\.mozilla\.com$/.test(host)) return 'mozilla';
  if (/(^|\.)push\.apple\.com$/.test(host)) return 'apple';
  if (/(^|\.)notify\.windows\.com$/.test(host)) return 'windows';
  return 'other';
}

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

/**
 * Loopback, private, link-local, unique-local, carrier-grade NAT, benchmarking (198.18.0.0/15),
 * documentation, multicast, reserved and unspecified addresses; an IPv6 address that carries an IPv4
 * one (mapped ::ffff:0:0/96, compatible ::/96, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged by the
 * IPv4 address it leads to, and the local-use NAT64 prefix 64:ff9b:1::/48 is internal as a whole.
 * Whatever cannot be read is internal.
 */
export function isInternalAddress(address: string): boolean {
  if (isIP(address) === 4) return isInternalV4(address.split('.').map(Number));
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups;
  const v4At = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
  const zeroUpTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroUpTo(5) && (g5 === 0xffff || g5 === 0)) {
    if (g5 === 0 && g6 === 0 && (g7 === 0 || g7 === 1)) return true; // :: and ::1
    return isInternalV4(v4At(g6, g7)); // ::ffff:a.b.c.d and ::a.b.c.d
  }
  if (g0 === 0x64 && g1 === 0xff9b) {
    if (g2 === 1) return true; // 64:ff9b:1::/48, a network's own translator
    if (g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isInternalV4(v4At(g6, g7));
  }
  if (g0 === 0x2002) return isInternalV4(v4At(g1, g2));
  return (
    (g0 & 0xfe00) === 0xfc00 || // fc00::/7 unique local
    (g0 & 0xffc0) === 0xfe80 || // fe80::/10 link-local
    (g0 & 0xffc0) === 0xfec0 || // fec0::/10 site-local (deprecated)
    (g0 & 0xff00) === 0xff00 || // ff00::/8 multicast
    (g0 === 0x2001 && g1 === 0x0db8) || // 2001:db8::/32 documentation
    (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) // 100::/64 discard
  );
}

function isInternalV4([a, b, c]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a >= 224
  );
}

/** The eight 16-bit groups of an IPv6 address (zone dropped, a trailing dotted IPv4 read), or null. */
function ipv6Groups(address: string): number[] | null {
  const text = address.toLowerCase().replace(/%.*$/, '');
  if (isIP(text) !== 6) return null;
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const parse = (part: string) => {
    if (!part) return [];
    const out: number[] = [];
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const [a, b, c, d] = piece.split('.').map(Number);
        out.push((a << 8) | b, (c << 8) | d);
      } else out.push(Number.parseInt(piece, 16));
    }
    return out;
  };
  const left = parse(head);
  if (tail === null) return left.length === 8 ? left : null;
  const right = parse(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
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
