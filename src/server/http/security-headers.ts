import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { bucketOrigin } from '../providers/storage/s3';

/** sha256 sources of the inline scripts of index.html (the theme script that runs before first paint). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(`'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
  }
  return hashes;
}

/**
 * The headers Helmet sets for these options, worked out once: they are the same for every answer, and
 * @fastify/helmet rebuilt Helmet's middleware (parsing the policy's directives again) for each request,
 * 14% of the server's time on a cached page and much of its garbage (issue 27.3).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    // Fastify writes header names in lower case, as HTTP/2 does.
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return headers;
}

/**
 * Security headers on every answer: a Content-Security-Policy that allows only what the app uses,
 * no framing, nosniff, a strict referrer policy, and HSTS in production.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config, indexHtml: string) {
  // With S3_STREAM=redirect the player's audio (and the service worker's fetch of a kept track) follows
  // a redirect to the bucket, and the browser checks the policy again after the redirect.
  const audioOrigins = config.s3?.stream === 'redirect' ? [bucketOrigin(config.s3)] : [];
  // Stripe.js (the card form of premium) only when Stripe is configured: its script, its frames (the
  // card fields and 3-D Secure) and its API calls. The demo checkout needs none of them.
  const stripe = config.payments.mode === 'stripe';
  const stripeScripts = stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const stripeApi = stripe ? ['https://api.stripe.com'] : [];
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(indexHtml), ...stripeScripts],
        // Radix injects small <style> elements (scroll lock); no script can be injected by this.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Images of this site only: a picture is an upload the server issued (served from
        // /uploads/profile/), never another host's image, which would be a tracking pixel (decision 0013).
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:', ...audioOrigins],
        connectSrc: ["'self'", ...audioOrigins, ...stripeApi],
        ...(stripe ? { frameSrc: stripeFrames } : {}),
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
