import type { Config } from '../config';

/**
 * The site's public origin for every absolute link the server writes (feeds, cards, sign-in callbacks,
 * invitation links): PUBLIC_URL's origin, which production requires; without it (development, tests)
 * http://localhost and the port the server listens on. Never a request's Host or forwarding header,
 * which any client writes (#36.9): a feed or card built from one is cached and shared with everyone.
 */
export function publicOrigin(config: Pick<Config, 'publicUrl' | 'port'>): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  return `http://localhost:${config.port}`;
}
