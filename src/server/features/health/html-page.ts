import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/**
 * The encoding an app page is sent in: brotli, else gzip, as the request's Accept-Encoding allows
 * (`q=0` refuses one; `*` stands for those not named), else none.
 */
export function pageEncoding(acceptEncoding: string | undefined): Encoding | null {
  const quality = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.map((p) => /^q=([\d.]+)$/.exec(p)?.[1]).find((v) => v !== undefined);
    quality.set(name, q === undefined ? 1 : Number(q));
  }
  const accepts = (name: Encoding) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

function compress(html: string, encoding: Encoding, best: boolean): Buffer {
  if (encoding === 'br') {
    return zlib.brotliCompressSync(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: best ? zlib.constants.BROTLI_MAX_QUALITY : 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    });
  }
  return zlib.gzipSync(html, { level: best ? 9 : 6 });
}

/** Pages kept compressed: the site page differs only by origin, so a few are enough. */
const KEPT_PAGES = 4;

/**
 * Sends the app's pages (index.html with the site's or a track's or playlist's card in its head)
 * compressed. They come from the not-found handler, which @fastify/compress does not reach (it adds
 * itself to routes). The site page (`shared`: the same for every route without a card) is compressed
 * once at its best and kept; a page with its own card, per request.
 */
export function htmlPageSender() {
  const kept = new Map<string, Buffer>();
  return (request: FastifyRequest, reply: FastifyReply, html: string, { shared }: { shared: boolean }) => {
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    let body: Buffer | undefined;
    if (shared) {
      const key = `${encoding}\n${html}`;
      body = kept.get(key);
      if (!body) {
        body = compress(html, encoding, true);
        if (kept.size >= KEPT_PAGES) kept.delete(kept.keys().next().value as string);
        kept.set(key, body);
      }
    } else {
      body = compress(html, encoding, false);
    }
    return reply.header('Content-Encoding', encoding).send(body);
  };
}
