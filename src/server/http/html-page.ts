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

/** Site pages kept compressed, one per origin that asked (a server answers under one or two names). */
const KEPT_PAGES = 4;

/**
 * Sends the app's pages (index.html with the site's or a track's or playlist's card in its head)
 * compressed. They come from the not-found handler, which @fastify/compress does not reach (it adds
 * itself to routes). The site page (`keep`: the same for every route without a card, apart from the
 * origin in its card) is compressed once at its best and kept under that key; a page with its own
 * card, per request.
 */
export function htmlPageSender() {
  const kept = new Map<string, Buffer>();
  return (request: FastifyRequest, reply: FastifyReply, html: string, { keep }: { keep: string | null }) => {
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    if (keep === null) return reply.header('Content-Encoding', encoding).send(compress(html, encoding, false));
    const key = `${encoding} ${keep}`;
    let body = kept.get(key);
    if (!body) {
      body = compress(html, encoding, true);
      if (kept.size >= KEPT_PAGES) kept.delete(kept.keys().next().value as string);
      kept.set(key, body);
    }
    return reply.header('Content-Encoding', encoding).send(body);
  };
}
